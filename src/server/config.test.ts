import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
      env: 'production',
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
    });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      databaseUrl: 'postgres://shop@db.internal:5432/shop',
      publicUrl: 'https://order.example.com',
      seedDemo: false,
      trustProxy: true,
      logLevel: 'warn',
    });
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
});
