import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyWarning } from './config.ts';

/** loadConfig's error, or a failure when it did not throw one. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('loadConfig', () => {
  it('runs the embedded shop with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
      adminPassword: undefined,
      payments: {
        provider: 'simulator',
        viva: {
          accountsUrl: 'https://demo-accounts.vivapayments.com',
          apiUrl: 'https://demo-api.vivapayments.com',
          checkoutUrl: 'https://demo.vivapayments.com',
        },
      },
    });
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
      PUBLIC_URL: 'https://order.example.com/',
      SEED_DEMO: 'no',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'simulator',
    });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      databaseUrl: 'postgres://shop@db.internal:5432/shop',
      publicUrl: 'https://order.example.com',
      seedDemo: false,
      trustProxy: 1,
      logLevel: 'warn',
    });
  });

  it('shortens the outbox lease only under NODE_ENV=test (the crash tests)', () => {
    expect(loadConfig({ NODE_ENV: 'test', OUTBOX_JOB_LEASE_MS: '5000' }).outboxJobLeaseMs).toBe(
      5000,
    );
    expect(
      loadConfig({ NODE_ENV: 'development', OUTBOX_JOB_LEASE_MS: '5000' }).outboxJobLeaseMs,
    ).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).outboxJobLeaseMs).toBeUndefined();
  });

  it('derives the public URL from the port when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it.each(['abc', '0', '65536', '80.5'])('rejects PORT=%s, naming PORT', (value) => {
    const error = configError({ PORT: value });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatch(/^PORT: /);
  });

  it('rejects a DATABASE_URL that is not postgres://, naming DATABASE_URL', () => {
    const error = configError({ DATABASE_URL: 'mysql://root@localhost/shop' });
    expect(error.issues).toEqual(['DATABASE_URL: expected a postgres:// URL']);
    expect(error.message).toContain('DATABASE_URL');
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: 'abc', SEED_DEMO: 'maybe', PUBLIC_URL: 'not a url' });
    expect(error.issues.map((issue) => issue.split(':')[0]).sort()).toEqual([
      'PORT',
      'PUBLIC_URL',
      'SEED_DEMO',
    ]);
  });

  it('names the missing VIVA_* variables when PAYMENT_PROVIDER is viva', () => {
    const error = configError({ PAYMENT_PROVIDER: 'viva', VIVA_CLIENT_ID: 'client' });
    expect(error.issues).toEqual([
      'VIVA_CLIENT_SECRET: required when PAYMENT_PROVIDER is viva',
      'VIVA_SOURCE_CODE: required when PAYMENT_PROVIDER is viva',
    ]);
    expect(configError({ PAYMENT_PROVIDER: 'viva' }).message).toContain('VIVA_CLIENT_ID');
  });

  it('accepts viva with its credentials, trimming trailing slashes of its URLs', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'viva',
      VIVA_CLIENT_ID: 'client',
      VIVA_CLIENT_SECRET: 'secret',
      VIVA_SOURCE_CODE: '1234',
      VIVA_API_URL: 'https://api.vivapayments.com/',
    });
    expect(config.payments.provider).toBe('viva');
    expect(config.payments.viva).toMatchObject({
      clientId: 'client',
      clientSecret: 'secret',
      sourceCode: '1234',
      apiUrl: 'https://api.vivapayments.com',
    });
  });

  it('treats empty strings as unset, so defaults apply', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      LOG_LEVEL: '',
      SEED_DEMO: '',
      DATABASE_URL: '',
      PAYMENT_PROVIDER: '',
      ADMIN_PASSWORD: '',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      seedDemo: true,
      databaseUrl: undefined,
      adminPassword: undefined,
      payments: { provider: 'simulator' },
    });
  });

  it('rejects a short ADMIN_PASSWORD', () => {
    expect(configError({ ADMIN_PASSWORD: 'short' }).issues).toEqual([
      'ADMIN_PASSWORD: expected at least 8 characters',
    ]);
  });
});

describe('PORT accepts only plain digits', () => {
  it.each(['0x50', '1e3', ' 80 x', '-1', '3.5'])('refuses %s naming PORT', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrow(/PORT/);
  });

  describe('payment provider: no fake payments in production by accident', () => {
    // [environment, provider chosen or null for a refused start]
    const cases: [Record<string, string>, 'simulator' | null][] = [
      [{}, 'simulator'],
      [{ PUBLIC_URL: 'http://localhost:3000' }, 'simulator'],
      [{ PUBLIC_URL: 'http://127.0.0.1:4173' }, 'simulator'],
      [{ PUBLIC_URL: 'http://[::1]:3000' }, 'simulator'],
      [{ PUBLIC_URL: 'http://shop.localhost' }, 'simulator'],
      [{ PUBLIC_URL: 'https://localhost:3000' }, null],
      [{ PUBLIC_URL: 'https://order.example.com' }, null],
      [{ PUBLIC_URL: 'http://192.168.1.20:3000' }, null],
      [{ PUBLIC_URL: 'http://truck.lan' }, null],
      [{ NODE_ENV: 'production' }, null],
      [{ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }, null],
    ];
    it.each(cases)('%j gives %s', (env, expected) => {
      if (expected) {
        const config = loadConfig(env);
        expect(config.payments.provider).toBe(expected);
        expect(config.payments.simulated).toBe(true);
        expect(config.isPublicDeployment).toBe(false);
      } else {
        const error = configError(env);
        expect(error.issues).toHaveLength(1);
        expect(error.issues[0]).toMatch(/^PAYMENT_PROVIDER: required when/);
      }
    });

    it('starts a public shop on the simulator only when asked by name, and says it is simulated', () => {
      const config = loadConfig({
        PUBLIC_URL: 'https://order.example.com',
        PAYMENT_PROVIDER: 'simulator',
      });
      expect(config).toMatchObject({
        isPublicDeployment: true,
        payments: { provider: 'simulator', simulated: true },
      });
    });

    it('does not call real payments simulated', () => {
      const config = loadConfig({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'viva',
        VIVA_CLIENT_ID: 'id',
        VIVA_CLIENT_SECRET: 'secret',
        VIVA_SOURCE_CODE: '1234',
      });
      expect(config.payments).toMatchObject({ provider: 'viva', simulated: false });
    });

    it('reads the payment timeout and the reconcile interval', () => {
      expect(loadConfig({}).payments).toMatchObject({
        timeoutSeconds: 1800,
        reconcileEverySeconds: 60,
      });
      const config = loadConfig({ PAYMENT_TIMEOUT_SECONDS: '600', PAYMENT_RECONCILE_SECONDS: '5' });
      expect(config.payments).toMatchObject({ timeoutSeconds: 600, reconcileEverySeconds: 5 });
      expect(configError({ PAYMENT_TIMEOUT_SECONDS: '0' }).issues[0]).toMatch(
        /^PAYMENT_TIMEOUT_SECONDS:/,
      );
    });

    it('reads the login requests allowed per address and minute (10 unless set)', () => {
      expect(loadConfig({}).loginRequestsPerMinute).toBe(10);
      expect(loadConfig({ LOGIN_REQUESTS_PER_MINUTE: '30' }).loginRequestsPerMinute).toBe(30);
      expect(loadConfig({}).pageViewsPerMinute).toBe(60);
      expect(loadConfig({ PAGE_VIEWS_PER_MINUTE: '1000' }).pageViewsPerMinute).toBe(1000);
      expect(configError({ LOGIN_REQUESTS_PER_MINUTE: 'lots' }).issues[0]).toMatch(
        /^LOGIN_REQUESTS_PER_MINUTE:/,
      );
    });
  });

  describe('TRUST_PROXY', () => {
    const accepted: [string, false | number | string[]][] = [
      ['false', false],
      ['0', false],
      ['1', 1],
      ['2', 2],
      ['10.0.0.5', ['10.0.0.5']],
      ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
      ['loopback', ['loopback']],
      ['::1', ['::1']],
    ];
    it.each(accepted)('TRUST_PROXY=%s trusts %j', (value, expected) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
    });

    it.each(['true', 'yes', 'proxy.example.com', '1.2.3.4; rm'])(
      'refuses TRUST_PROXY=%s, naming it',
      (value) => {
        expect(configError({ TRUST_PROXY: value }).issues[0]).toMatch(/^TRUST_PROXY:/);
      },
    );
  });

  describe('TRUST_PROXY as a hop count on a port reachable from outside', () => {
    const cases: [trustProxy: string, host: string, warns: boolean][] = [
      ['1', '0.0.0.0', true],
      ['2', '::', true],
      ['1', '192.168.1.20', true],
      ['1', 'shop.example.com', true],
      ['1', '127.0.0.1', false],
      ['1', 'localhost', false],
      ['1', '::1', false],
      ['10.0.0.5', '0.0.0.0', false],
      ['loopback', '0.0.0.0', false],
      ['false', '0.0.0.0', false],
    ];
    it.each(cases)('TRUST_PROXY=%s, HOST=%s warns: %s', (trustProxy, host, warns) => {
      const warning = trustProxyWarning(loadConfig({ TRUST_PROXY: trustProxy, HOST: host }));
      if (!warns) return expect(warning).toBeNull();
      expect(warning).toContain(`TRUST_PROXY=${trustProxy} trusts a hop count`);
      expect(warning).toContain("Give the proxy's address instead");
    });

    it('warns on the default HOST (0.0.0.0)', () => {
      expect(trustProxyWarning(loadConfig({ TRUST_PROXY: '1' }))).toMatch(/listens on 0\.0\.0\.0/);
    });
  });

  describe('source maps', () => {
    const cases: [NodeJS.ProcessEnv, boolean][] = [
      [{}, false],
      [{ NODE_ENV: '' }, false],
      [{ NODE_ENV: 'production' }, false],
      [{ NODE_ENV: 'test' }, false],
      [{ NODE_ENV: 'development' }, true],
    ];
    it.each(cases)('%j serves source maps: %s', (env, expected) => {
      expect(loadConfig({ PAYMENT_PROVIDER: 'simulator', ...env }).serveSourceMaps).toBe(expected);
    });
  });

  describe('secure cookies', () => {
    it.each([
      ['https://order.example.com', true],
      ['http://localhost:3000', false],
      ['http://truck.lan', false],
    ] as const)('PUBLIC_URL=%s gives Secure cookies: %s', (url, secure) => {
      expect(loadConfig({ PUBLIC_URL: url, PAYMENT_PROVIDER: 'simulator' }).secureCookies).toBe(
        secure,
      );
    });
  });

  it.each(['ftp://example.com', 'javascript:alert(1)'])('refuses PUBLIC_URL=%s', (url) => {
    expect(configError({ PUBLIC_URL: url }).issues.join('\n')).toMatch(/PUBLIC_URL:/);
  });
});

describe('e-mail (SMTP_URL and MAIL_FROM, decision 018)', () => {
  it('sends no e-mail unless SMTP_URL is set', () => {
    expect(loadConfig({}).email).toBeNull();
    expect(loadConfig({ MAIL_FROM: 'orders@example.com' }).email).toBeNull();
  });

  it('reads the SMTP server and the sender', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://orders%40example.com:s3cret@smtp.example.com:465',
      MAIL_FROM: 'Smoke & Bun <orders@example.com>',
    });
    expect(config.email).toEqual({
      smtpUrl: 'smtps://orders%40example.com:s3cret@smtp.example.com:465',
      from: 'Smoke & Bun <orders@example.com>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.lan:25', MAIL_FROM: 'orders@truck.lan' }).email,
    ).toEqual({ smtpUrl: 'smtp://mail.lan:25', from: 'orders@truck.lan' });
  });

  it('requires MAIL_FROM with SMTP_URL', () => {
    expect(configError({ SMTP_URL: 'smtp://mail.lan:25' }).issues).toEqual([
      "MAIL_FROM: required when SMTP_URL is set (the sender of the shop's e-mails)",
    ]);
  });

  it.each(['http://mail.example.com', 'mail.example.com:587'])('refuses SMTP_URL=%s', (url) => {
    expect(
      configError({ SMTP_URL: url, MAIL_FROM: 'orders@example.com' }).issues.join('\n'),
    ).toMatch(/^SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it.each(['orders', 'Shop orders@example.com', 'Shop <orders@example.com'])(
    'refuses MAIL_FROM=%s',
    (from) => {
      expect(
        configError({ SMTP_URL: 'smtp://mail.lan:25', MAIL_FROM: from }).issues.join('\n'),
      ).toMatch(/^MAIL_FROM: expected an e-mail address/);
    },
  );
});
