/**
 * Starts the production build the way a new user does (`node dist/server/main.js`,
 * which `npm start` runs after building) and checks what they get.
 */
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { spawnServer, waitForHealthy, runPort } from './server-process.ts';

async function checkWhatANewUserGets(baseUrl: string) {
  const home = await fetch(`${baseUrl}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<div id="root">');

  const items = (await (await fetch(`${baseUrl}/api/menu/items`)).json()) as Record<
    string,
    unknown
  >[];
  expect(items.length).toBeGreaterThanOrEqual(24);
  for (const item of items) {
    expect(Object.keys(item).sort()).toEqual(
      [
        'allergens',
        'basePrice',
        'category',
        'customizable',
        'description',
        'id',
        'image',
        'name',
        'popular',
        'prepUnits',
        'soldOut',
        'tags',
      ].sort(),
    );
    expect(typeof item.basePrice).toBe('number');
    // A new shop's demo dishes are on sale and declare their allergens (EU 1169/2011).
    expect(item.soldOut).toBeNull();
    expect(Array.isArray(item.allergens)).toBe(true);
    const image = await fetch(`${baseUrl}${String(item.image)}`);
    expect(image.status, `image of ${String(item.id)}`).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
  }
  expect((await fetch(`${baseUrl}/api/does-not-exist`)).status).toBe(404);
  expect((await fetch(`${baseUrl}/api/menu/items/nope/options`)).status).toBe(404);
}

test('a start with PORT=abc stops with a message naming PORT', async () => {
  const started = spawnServer({ PORT: 'abc' });
  const code = await started.exited;
  expect(code).toBe(1);
  expect(started.output()).toMatch(/PORT: expected a port number/);
});

test('a public shop (https PUBLIC_URL) with no PAYMENT_PROVIDER does not start, naming it', async () => {
  const started = spawnServer({ PORT: runPort(43), PUBLIC_URL: 'https://order.example.com' });
  const code = await started.exited;
  expect(code).toBe(1);
  expect(started.output()).toMatch(/PAYMENT_PROVIDER: required when PUBLIC_URL is https/);
  expect(started.output()).not.toMatch(/Shop is running/);
});

test('a public shop that names the simulator starts, warning loudly that payments are fake', async () => {
  const started = spawnServer({
    PORT: runPort(44),
    PUBLIC_URL: 'https://order.example.com',
    PAYMENT_PROVIDER: 'simulator',
  });
  try {
    await waitForHealthy(started);
    expect(started.output()).toMatch(/WARNING: PAYMENT_PROVIDER=simulator on a public shop/);
  } finally {
    await started.stop();
  }
});

test('on the embedded database: the app, at least 24 items and their pictures', async () => {
  const started = spawnServer({ PORT: runPort(8) });
  try {
    await waitForHealthy(started);
    await checkWhatANewUserGets(started.baseUrl);
  } finally {
    await started.stop();
  }
});

test('with DATABASE_URL on PostgreSQL: the same', async () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set (CI sets it)');
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `e2e_start_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const started = spawnServer({ PORT: runPort(9), DATABASE_URL: url.toString() });
  try {
    await waitForHealthy(started);
    const health = (await (await fetch(`${started.baseUrl}/healthz`)).json()) as {
      database: string;
    };
    expect(health.database).toBe('postgres');
    await checkWhatANewUserGets(started.baseUrl);
  } finally {
    await started.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
