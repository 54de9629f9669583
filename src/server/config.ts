import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads from the environment, parsed in one place.
 * Defaults make `npm start` work on a laptop with the embedded database.
 * NOTE: a bad value stops the start with a message naming the variable
 * (see loadConfig), never a half-configured server.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'expected true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z
  .string()
  .regex(/^\d+$/, 'expected a port number')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, 'expected a port number from 1 to 65535')
      .max(65535, 'expected a port number from 1 to 65535'),
  );

const optionalUrl = z.url({ error: 'expected a URL' }).optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  /** Folder for the embedded database and uploaded files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** When set, a real PostgreSQL is used instead of the embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
    .optional(),
  /** The address customers reach the shop at; used in payment return and webhook URLs. */
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Fill an empty database with the demo menu, hours and settings. */
  SEED_DEMO: booleanFromEnv.default(true),
  /** Trust X-Forwarded-* headers (set when running behind a reverse proxy). */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Password of the first admin account, used only when no admin exists yet. */
  ADMIN_PASSWORD: z.string().min(8, 'expected at least 8 characters').optional(),
  /**
   * Test-only clock: with NODE_ENV=test the server's time starts at this instant (ISO 8601)
   * and runs on from there. Ignored otherwise.
   */
  FAKE_NOW: z.iso.datetime({ offset: true, error: 'expected an ISO 8601 date-time' }).optional(),
  PAYMENT_PROVIDER: z.enum(['simulator', 'viva']).default('simulator'),
  VIVA_CLIENT_ID: z.string().optional(),
  VIVA_CLIENT_SECRET: z.string().optional(),
  VIVA_SOURCE_CODE: z.string().optional(),
  VIVA_MERCHANT_ID: z.string().optional(),
  VIVA_API_KEY: z.string().optional(),
  VIVA_ACCOUNTS_URL: z.url().default('https://demo-accounts.vivapayments.com'),
  VIVA_API_URL: z.url().default('https://demo-api.vivapayments.com'),
  VIVA_CHECKOUT_URL: z.url().default('https://demo.vivapayments.com'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: boolean;
  adminPassword: string | undefined;
  /** Set only with NODE_ENV=test and FAKE_NOW. */
  fakeNow: Date | undefined;
  payments: {
    provider: Env['PAYMENT_PROVIDER'];
    viva: {
      clientId: string | undefined;
      clientSecret: string | undefined;
      sourceCode: string | undefined;
      merchantId: string | undefined;
      apiKey: string | undefined;
      accountsUrl: string;
      apiUrl: string;
      checkoutUrl: string;
    };
  };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings are treated as unset so `PORT= npm start` falls back to the default.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.PAYMENT_PROVIDER === 'viva') {
    for (const name of ['VIVA_CLIENT_ID', 'VIVA_CLIENT_SECRET', 'VIVA_SOURCE_CODE'] as const) {
      if (!env[name]) problems.push(`${name}: required when PAYMENT_PROVIDER is viva`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    adminPassword: env.ADMIN_PASSWORD,
    fakeNow: env.NODE_ENV === 'test' && env.FAKE_NOW ? new Date(env.FAKE_NOW) : undefined,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      viva: {
        clientId: env.VIVA_CLIENT_ID,
        clientSecret: env.VIVA_CLIENT_SECRET,
        sourceCode: env.VIVA_SOURCE_CODE,
        merchantId: env.VIVA_MERCHANT_ID,
        apiKey: env.VIVA_API_KEY,
        accountsUrl: env.VIVA_ACCOUNTS_URL.replace(/\/+$/, ''),
        apiUrl: env.VIVA_API_URL.replace(/\/+$/, ''),
        checkoutUrl: env.VIVA_CHECKOUT_URL.replace(/\/+$/, ''),
      },
    },
  };
}
