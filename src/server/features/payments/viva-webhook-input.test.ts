/**
 * No 500 from a webhook's input (docs/operations.md "Limits", request bodies): a NUL byte in
 * the body Viva's webhook reads, raw or escaped, is a 400 with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { startFakeViva, type FakeViva, vivaEnv } from '../../../../tests/fakes/fake-viva.ts';

let viva: FakeViva;
let testDatabase: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  viva = await startFakeViva();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, {
    seed: 'demo',
    env: vivaEnv(viva),
  });
});
afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await viva?.close();
});

describe('the Viva webhook and a NUL byte', () => {
  const post = (payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('a raw NUL byte in the body is a 400 naming the body', async () => {
    const response = await post(
      Buffer.from('{"EventTypeId":1796,"EventData":{"TransactionId":"ab\u0000cd"}}', 'utf8'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'body: contains a control character, which is not allowed',
    });
  });

  it('an escaped NUL in any field is a 400 naming the field, and Viva is not asked about it', async () => {
    const before = viva.requests.length;
    for (const [payload, field] of [
      [
        '{"EventTypeId":1796,"EventData":{"TransactionId":"ab\\u0000cd"}}',
        'EventData.TransactionId',
      ],
      [
        '{"EventTypeId":1796,"EventData":{"TransactionId":"abcd","FullName":"x\\u0000"}}',
        'EventData.FullName',
      ],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toMatchObject({
        error: `${field}: contains a control character, which is not allowed`,
      });
    }
    expect(
      viva.requests.slice(before).filter((call) => call.path.includes('transactions')),
    ).toEqual([]);
  });
});
