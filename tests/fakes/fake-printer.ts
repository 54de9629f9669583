/**
 * A network receipt printer on loopback for the printing tests (decision 028): a TCP server
 * like a printer's raw port 9100. It keeps the bytes of every connection the sender closed
 * cleanly (a printed job), and can be stopped (connections refused) and started again on the
 * same port, slowed (it waits before closing its side), or made to drop the next connections
 * part way through (a reset: nothing printed).
 */
import net, { type AddressInfo } from 'node:net';

export interface FakePrinter {
  host: '127.0.0.1';
  port: number;
  /** Each printed job's bytes, in the order they arrived. */
  printed: Buffer[];
  /** Connections dropped part way (dropNext), their bytes never counted as printed. */
  dropped: number;
  /** Refuse connections from now on (the printer is switched off). */
  stop(): Promise<void>;
  /** Accept connections again, on the same port. */
  start(): Promise<void>;
  /** Wait this long after the sender's end before closing (a slow printer). */
  slowBy(ms: number): void;
  /** Reset the next `times` connections after their first bytes. */
  dropNext(times: number): void;
  close(): Promise<void>;
}

export async function startFakePrinter(options: { port?: number } = {}): Promise<FakePrinter> {
  let delayMs = 0;
  let drops = 0;
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  const printer: FakePrinter = {
    host: '127.0.0.1',
    port: options.port ?? 0,
    printed: [],
    dropped: 0,
    async stop() {
      const closing = server;
      server = null;
      if (!closing) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async start() {
      if (server) return;
      // Half-open: the printer, not the socket, decides when its side closes (slowBy).
      const listening = net.createServer({ allowHalfOpen: true }, (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
        const chunks: Buffer[] = [];
        const drop = drops > 0;
        if (drop) drops -= 1;
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (drop) {
            printer.dropped += 1;
            socket.resetAndDestroy();
          }
        });
        socket.on('end', () => {
          if (drop) return;
          const finish = () => {
            printer.printed.push(Buffer.concat(chunks));
            socket.end();
          };
          if (delayMs > 0) setTimeout(finish, delayMs);
          else finish();
        });
      });
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(printer.port, '127.0.0.1', () => resolve());
      });
      printer.port = (listening.address() as AddressInfo).port;
      server = listening;
    },
    slowBy(ms) {
      delayMs = ms;
    },
    dropNext(times) {
      drops = times;
    },
    async close() {
      await printer.stop();
    },
  };
  await printer.start();
  return printer;
}
