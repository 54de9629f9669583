/**
 * The live menu's reads around its socket (decision 010): the greeting (`hello`) reads the menu
 * again, and a socket back after a drop, greeted again, reads it once, not once at the reopen
 * and again at the greeting.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../tests/setup/render.tsx';
import { useMenuItems } from './menu-queries.ts';
import { useLiveMenu } from './use-live-menu.ts';

/** A WebSocket the test opens, speaks through and drops. */
class ScriptedSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;
  static made: ScriptedSocket[] = [];
  readyState = ScriptedSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    ScriptedSocket.made.push(this);
  }
  open() {
    this.readyState = ScriptedSocket.OPEN;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = ScriptedSocket.CLOSED;
    this.onclose?.();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = ScriptedSocket.CLOSED;
  }
}

function MenuPage() {
  const items = useMenuItems();
  useLiveMenu(items.data);
  return null;
}

let requests: FakeRequest[];
const menuReads = () => requests.filter((request) => request.path === '/api/menu/items').length;

beforeEach(() => {
  ScriptedSocket.made = [];
  vi.stubGlobal('WebSocket', ScriptedSocket);
  requests = fakeApi({ 'GET /api/menu/items': [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the live menu', () => {
  it('reads the menu at the greeting, and once when a dropped socket is back and greeted', async () => {
    const { client } = renderScreen(<MenuPage />);
    await waitFor(() => expect(menuReads()).toBe(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));

    const first = ScriptedSocket.made[0]!;
    first.open();
    expect(first.sent).toEqual([{ type: 'watch' }]);
    first.receive({ type: 'hello', role: 'customer' });
    await waitFor(() => expect(menuReads()).toBe(2));
    await waitFor(() => expect(client.isFetching()).toBe(0));

    // Dropped, then back at once (a phone coming back online does not wait out the back-off).
    first.drop();
    window.dispatchEvent(new Event('online'));
    const second = ScriptedSocket.made[1]!;
    expect(second).toBeDefined();
    second.open();
    second.receive({ type: 'hello', role: 'customer' });
    await waitFor(() => expect(menuReads()).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(menuReads()).toBe(3);
  });
});
