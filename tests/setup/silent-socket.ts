/** No live socket in jsdom: a WebSocket that never opens, for component tests of live pages. */
export class SilentSocket {
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {}
}
