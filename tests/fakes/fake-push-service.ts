/**
 * A fake Web Push service on loopback (../shared/integrations.md §4.3): it answers like a
 * browser vendor's push service and decrypts what it receives with the subscriber's keys,
 * as the browser would. Endpoints ending in /gone answer 410, /missing 404.
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkPushEndpoint } from '#server/features/push/push-endpoint.ts';
import type { PushEndpointCheck } from '#server/lib/push-endpoint-check.ts';
// http_ece ships with web-push and has no types of its own.
// @ts-expect-error no declaration file
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: unknown;
}

export interface FakeSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  subscriber(path: string): FakeSubscriber;
  /** The next `times` pushes to `path` are answered `status` (e.g. 503), then it accepts. */
  failNext(path: string, status: number, times: number): void;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscribers = new Map<string, FakeSubscriber>();
  const received: ReceivedPush[] = [];
  const failures = new Map<string, { status: number; times: number }>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path.endsWith('/gone')) return void response.writeHead(410).end();
      if (path.endsWith('/missing')) return void response.writeHead(404).end();
      const failure = failures.get(path);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        return void response.writeHead(failure.status).end();
      }
      const subscriber = subscribers.get(path);
      if (!subscriber) return void response.writeHead(400).end();
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: subscriber.ecdh,
        authSecret: subscriber.authSecret.toString('base64url'),
      }) as Buffer;
      received.push({
        path,
        headers: request.headers,
        payload: JSON.parse(plain.toString('utf8')),
      });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    subscriber(path) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const subscriber = {
        endpoint: `${url}${path}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      subscribers.set(path, subscriber);
      return subscriber;
    },
    failNext(path, status, times) {
      failures.set(path, { status, times });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The app's push endpoint check (AppDeps.checkPushEndpoint) with a door for the fake service:
 * it listens on http://127.0.0.1, which the real check refuses (push-endpoint.ts). Closed, and
 * for every other address, the real check answers.
 *
 *   const gate = fakePushGate();
 *   const t = useTestApp({ checkPushEndpoint: gate.check });
 *   beforeAll(async () => { push = await startFakePushService(); gate.allow(push.url); });
 */
export interface FakePushGate {
  check: PushEndpointCheck;
  /** Lets pushes to this fake service's origin through. */
  allow(url: string): void;
  /** Closes the door: the real check alone again. */
  close(): void;
}

export function fakePushGate(): FakePushGate {
  let allowed: string | null = null;
  return {
    check: async (endpoint) => {
      const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
      if (url && allowed !== null && url.origin === allowed) return { url, lookup: undefined };
      return checkPushEndpoint(endpoint);
    },
    allow(url) {
      const { origin, hostname } = new URL(url);
      if (hostname !== '127.0.0.1') throw new Error('Only a fake push service on 127.0.0.1.');
      allowed = origin;
    },
    close() {
      allowed = null;
    },
  };
}
