/**
 * A fake Viva Wallet on loopback, speaking real HTTP (../shared/integrations.md §1):
 * OAuth token, create payment order, retrieve transaction, an order's transactions (legacy
 * /api/transactions?ordercode=), cancel/refund (legacy DELETE /api/transactions/{id}?amount=,
 * §5.1), webhook key. Tests use it
 * to drive the Viva adapter end to end without the internet.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeTransaction {
  orderCode: string;
  amountCents: number;
  statusId: string;
  merchantTrns: string | null;
}

export interface FakeVivaOptions {
  clientId?: string;
  clientSecret?: string;
  merchantId?: string;
  apiKey?: string;
  tokenLifetimeSeconds?: number;
}

export interface FakeViva {
  url: string;
  credentials: Required<Omit<FakeVivaOptions, 'tokenLifetimeSeconds'>>;
  webhookKey: string;
  requests: RecordedRequest[];
  tokensIssued: number;
  /** Created payment orders by order code, with the JSON body we received. */
  orders: Map<string, Record<string, unknown>>;
  transactions: Map<string, FakeTransaction>;
  /** Makes the next N create-order calls fail with this status. */
  failCreateOrders(status: number, times?: number): void;
  /** Makes the next N transaction lookups (by id or by order code) fail with this status. */
  failLookups(status: number, times?: number): void;
  /** Cancel/refund calls received (DELETE /api/transactions/{id}?amount=), in order. */
  refunds: { transactionId: string; amountCents: number }[];
  /** Makes the next N cancel/refund calls answer this status (with `message` as ErrorText). */
  failRefunds(status: number, times?: number, message?: string): void;
  /** The customer pays (or fails to pay) an order on the fake checkout page. */
  completePayment(orderCode: string, options?: { amountCents?: number; statusId?: string }): string;
  close(): Promise<void>;
}

/** 16 digits, above Number.MAX_SAFE_INTEGER, as real order codes are. */
function newOrderCode(): string {
  const digits = Array.from(randomBytes(15), (byte) => String(byte % 10)).join('');
  return `9${digits}`;
}

export async function startFakeViva(options: FakeVivaOptions = {}): Promise<FakeViva> {
  const credentials = {
    clientId: options.clientId ?? 'shop.apps.vivapayments.com',
    clientSecret: options.clientSecret ?? 'client-secret-value',
    merchantId: options.merchantId ?? 'merchant-1',
    apiKey: options.apiKey ?? 'api-key-value',
  };
  const tokens = new Set<string>();
  const failures = { status: 0, times: 0 };
  const lookupFailures = { status: 0, times: 0 };
  const refundFailures = { status: 0, times: 0, message: '' };

  const fake: Omit<FakeViva, 'url' | 'close'> = {
    credentials,
    webhookKey: randomBytes(20).toString('hex').toUpperCase(),
    requests: [],
    tokensIssued: 0,
    orders: new Map(),
    transactions: new Map(),
    refunds: [],
    failRefunds(status, times = 1, message = 'fake refusal') {
      refundFailures.status = status;
      refundFailures.times = times;
      refundFailures.message = message;
    },
    failCreateOrders(status, times = 1) {
      failures.status = status;
      failures.times = times;
    },
    failLookups(status, times = 1) {
      lookupFailures.status = status;
      lookupFailures.times = times;
    },
    completePayment(orderCode, { amountCents, statusId = 'F' } = {}) {
      const order = fake.orders.get(orderCode);
      if (!order) throw new Error(`fake Viva has no order ${orderCode}`);
      const transactionId = randomUUID();
      fake.transactions.set(transactionId, {
        orderCode,
        amountCents: amountCents ?? Number(order.amount),
        statusId,
        merchantTrns: typeof order.merchantTrns === 'string' ? order.merchantTrns : null,
      });
      return transactionId;
    },
  };

  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const bearerOk = (request: http.IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice('Bearer '.length));
  };

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      fake.requests.push({
        method: request.method ?? '',
        path: url.pathname,
        headers: request.headers,
        body,
      });
      const send = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(text);
      };

      if (request.method === 'POST' && url.pathname === '/connect/token') {
        if (
          request.headers.authorization !== basic(credentials.clientId, credentials.clientSecret)
        ) {
          return send(401, '{"error":"invalid_client"}');
        }
        if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
          return send(400, '{"error":"unsupported_grant_type"}');
        }
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        fake.tokensIssued += 1;
        return send(
          200,
          JSON.stringify({
            access_token: token,
            expires_in: options.tokenLifetimeSeconds ?? 3600,
            token_type: 'Bearer',
            scope: 'urn:viva:payments:core:api:redirectcheckout',
          }),
        );
      }

      if (request.method === 'POST' && url.pathname === '/checkout/v2/orders') {
        if (!bearerOk(request)) return send(401, '{"message":"Unauthorized"}');
        if (failures.times > 0) {
          failures.times -= 1;
          return send(failures.status, '{"message":"fake failure"}');
        }
        const order = JSON.parse(body) as Record<string, unknown>;
        if (!Number.isInteger(order.amount) || Number(order.amount) < 30) {
          return send(400, '{"message":"amount must be an integer of at least 30 cents"}');
        }
        const orderCode = newOrderCode();
        fake.orders.set(orderCode, order);
        // Written by hand: the code must go out as a JSON number, as Viva sends it.
        return send(200, `{"orderCode":${orderCode}}`);
      }

      const isLookup =
        request.method === 'GET' &&
        (url.pathname.startsWith('/checkout/v2/transactions/') ||
          /^\/api\/transactions\/?$/.test(url.pathname));
      if (isLookup && lookupFailures.times > 0) {
        lookupFailures.times -= 1;
        return send(lookupFailures.status, '{"message":"fake failure"}');
      }

      if (request.method === 'GET' && /^\/api\/transactions\/?$/.test(url.pathname)) {
        if (request.headers.authorization !== basic(credentials.merchantId, credentials.apiKey)) {
          return send(401, '{"message":"Unauthorized"}');
        }
        const orderCode = url.searchParams.get('ordercode') ?? '';
        if (!fake.orders.has(orderCode)) return send(404, '{"message":"Order not found"}');
        const listed = [...fake.transactions]
          .filter(([, transaction]) => transaction.orderCode === orderCode)
          .map(
            ([transactionId, transaction]) =>
              `{"TransactionId":"${transactionId}","StatusId":"${transaction.statusId}",` +
              `"Amount":${(transaction.amountCents / 100).toFixed(2)},"CurrencyCode":"978",` +
              `"MerchantTrns":${JSON.stringify(transaction.merchantTrns)},` +
              `"Order":{"OrderCode":${transaction.orderCode}},"InsDate":"2026-11-22T10:00:00+02:00"}`,
          );
        return send(
          200,
          `{"Transactions":[${listed.join(',')}],"ErrorCode":0,"ErrorText":null,"Success":true}`,
        );
      }

      const transactionMatch = /^\/checkout\/v2\/transactions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && transactionMatch) {
        if (!bearerOk(request)) return send(401, '{"message":"Unauthorized"}');
        const transaction = fake.transactions.get(decodeURIComponent(transactionMatch[1]!));
        if (!transaction) return send(404, '{"message":"Transaction not found"}');
        const amount = (transaction.amountCents / 100).toFixed(2);
        return send(
          200,
          `{"email":"customer@example.com","amount":${amount},"orderCode":${transaction.orderCode},` +
            `"statusId":"${transaction.statusId}","fullName":"Test Customer","insDate":"2026-11-22T10:00:00+02:00",` +
            `"cardNumber":"411111XXXXXX1111","currencyCode":"978","customerTrns":"pickup order",` +
            `"merchantTrns":${JSON.stringify(transaction.merchantTrns)},"transactionTypeId":5}`,
        );
      }

      const cancelMatch = /^\/api\/transactions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'DELETE' && cancelMatch) {
        if (request.headers.authorization !== basic(credentials.merchantId, credentials.apiKey)) {
          return send(401, '{"message":"Unauthorized"}');
        }
        if (refundFailures.times > 0) {
          refundFailures.times -= 1;
          return send(
            refundFailures.status,
            JSON.stringify({ ErrorCode: refundFailures.status, ErrorText: refundFailures.message }),
          );
        }
        const transactionId = decodeURIComponent(cancelMatch[1]!);
        const transaction = fake.transactions.get(transactionId);
        const amountCents = Number(url.searchParams.get('amount'));
        if (!transaction) {
          return send(404, '{"ErrorCode":404,"ErrorText":"Transaction not found","Success":false}');
        }
        const refunded = fake.refunds
          .filter((refund) => refund.transactionId === transactionId)
          .reduce((sum, refund) => sum + refund.amountCents, 0);
        if (!Number.isInteger(amountCents) || amountCents <= 0) {
          return send(400, '{"ErrorCode":400,"ErrorText":"Invalid amount","Success":false}');
        }
        if (refunded + amountCents > transaction.amountCents) {
          return send(
            200,
            '{"ErrorCode":403,"ErrorText":"Amount exceeds the transaction\'s remaining amount","Success":false}',
          );
        }
        fake.refunds.push({ transactionId, amountCents });
        const reversal = randomUUID();
        return send(
          200,
          `{"TransactionId":"${reversal}","StatusId":"F","Amount":${(amountCents / 100).toFixed(2)},` +
            `"ErrorCode":0,"ErrorText":null,"Success":true}`,
        );
      }

      if (request.method === 'GET' && url.pathname === '/api/messages/config/token') {
        if (request.headers.authorization !== basic(credentials.merchantId, credentials.apiKey)) {
          return send(401, '{"message":"Unauthorized"}');
        }
        return send(200, JSON.stringify({ Key: fake.webhookKey }));
      }

      send(404, '{"message":"not found"}');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    get tokensIssued() {
      return fake.tokensIssued;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server's settings for talking to this fake Viva (docs/operations.md "Payments"). */
/**
 * Viva chosen as the payment provider with no fake behind it, for tests of what the routes look
 * like under Viva (access, guards, the API document) that never call it: every URL is a closed
 * port on this machine, so a call that did happen fails here instead of leaving the machine.
 */
export const OFFLINE_VIVA_ENV: Readonly<Record<string, string>> = {
  PAYMENT_PROVIDER: 'viva',
  VIVA_CLIENT_ID: 'test-client',
  VIVA_CLIENT_SECRET: 'test-secret',
  VIVA_SOURCE_CODE: '1234',
  VIVA_ACCOUNTS_URL: 'http://127.0.0.1:9',
  VIVA_API_URL: 'http://127.0.0.1:9',
  VIVA_CHECKOUT_URL: 'http://127.0.0.1:9',
};

export function vivaEnv(fake: FakeViva): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'viva',
    VIVA_CLIENT_ID: fake.credentials.clientId,
    VIVA_CLIENT_SECRET: fake.credentials.clientSecret,
    VIVA_MERCHANT_ID: fake.credentials.merchantId,
    VIVA_API_KEY: fake.credentials.apiKey,
    VIVA_SOURCE_CODE: '4321',
    VIVA_ACCOUNTS_URL: fake.url,
    VIVA_API_URL: fake.url,
    VIVA_CHECKOUT_URL: fake.url,
  };
}
