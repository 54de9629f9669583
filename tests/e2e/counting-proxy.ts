/**
 * A loopback proxy in front of a shop server that writes down every request that reaches the
 * network and the bytes of its answer's body as sent: what a phone downloads, counted where it
 * crosses the wire, so the browser's caches (memory, disk, prefetch, the service worker's own
 * fetches answered by the HTTP cache) are left out exactly as they save a phone the bytes.
 * It asks the server for gzip only (the budget's unit, decision 016), keeps the Host header so
 * the server sees its own origin, and passes WebSocket upgrades through uncounted.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Download {
  path: string;
  status: number;
  /** The answer's body as sent (gzip when the server compressed it). */
  bytes: number;
  contentType: string;
  encoding: string;
}

export interface CountingProxy {
  baseUrl: string;
  /** Everything downloaded since the last `take`, then forgets it. */
  take: () => Download[];
  close: () => Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  let downloads: Download[] = [];
  const sockets = new Set<net.Socket>();

  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, 'accept-encoding': 'gzip' };
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        let bytes = 0;
        answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
        answer.on('end', () =>
          downloads.push({
            path: request.url ?? '',
            status: answer.statusCode ?? 0,
            bytes,
            contentType: String(answer.headers['content-type'] ?? ''),
            encoding: String(answer.headers['content-encoding'] ?? 'identity'),
          }),
        );
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });

  server.on('upgrade', (request, socket, head) => {
    const to = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      to.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) to.write(head);
      to.pipe(socket);
      socket.pipe(to);
    });
    for (const end of [to, socket]) {
      sockets.add(end as net.Socket);
      end.on('error', () => {
        to.destroy();
        socket.destroy();
      });
      end.on('close', () => sockets.delete(end as net.Socket));
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    take: () => {
      const taken = downloads;
      downloads = [];
      return taken;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
