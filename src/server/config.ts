import path from 'node:path';
import { z } from 'zod';
import {
  DISPLAY_GRACE_MS,
  PLATFORM_LEAD_MS,
  UNTOUCHED_ORDER_MS,
} from '#shared/watchdog/watchdog-times.ts';

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

const optionalUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
  .optional();

/**
 * MAIL_FROM: the sender of the shop's e-mails, `orders@example.com` or
 * `Smoke & Bun <orders@example.com>`.
 */
const mailFrom = z
  .string()
  .trim()
  .regex(
    /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
    'expected an e-mail address, optionally with a name: Shop <orders@example.com>',
  );

const positiveInt = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'expected a whole number above 0'))
    .default(fallback);

/**
 * TRUST_PROXY: which X-Forwarded-For hops to believe. A hop count (1 behind one proxy) or
 * the proxies' addresses/CIDRs, comma separated (or loopback, linklocal, uniquelocal).
 * NOTE: "true" (believe every hop) is refused: a client could then forge its address and
 * dodge every per-address limit (docs/operations.md "Behind a proxy").
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (['false', '0', 'no'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (['true', 'yes'].includes(value)) {
      context.addIssue({
        code: 'custom',
        message:
          'trusting every X-Forwarded-For hop lets clients forge their address; give the number of proxies in front (usually 1) or their addresses',
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const address = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;
    if (entries.some((entry) => !address.test(entry))) {
      context.addIssue({
        code: 'custom',
        message: 'expected a hop count or comma-separated proxy addresses (CIDR allowed)',
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  /**
   * production: a real deployment; the payment simulator is then no default.
   * NOTE: unset reads as development (a laptop's `npm start`), but only an explicit
   * NODE_ENV=development serves source maps (Config.serveSourceMaps).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  /** Behind a reverse proxy: its hop count or addresses (see trustProxy above). */
  TRUST_PROXY: trustProxy.default(false),
  /** Login requests one address may make a minute, on each login route (default 10). */
  LOGIN_REQUESTS_PER_MINUTE: positiveInt(10),
  PAGE_VIEWS_PER_MINUTE: positiveInt(60),
  /** Password of the first admin account, used only when no admin exists yet. */
  ADMIN_PASSWORD: z.string().min(8, 'expected at least 8 characters').optional(),
  /**
   * Test-only clock: with NODE_ENV=test the server's time starts at this instant (ISO 8601)
   * and runs on from there. Ignored otherwise.
   */
  FAKE_NOW: z.iso.datetime({ offset: true, error: 'expected an ISO 8601 date-time' }).optional(),
  PAUSE_ORDER_EVENTS: z.enum(['true', 'false']).optional(),
  /**
   * The kitchen watchdog (decision 023): on by default, off with WATCHDOG=false (the shared
   * end-to-end server, whose specs run without a kitchen display). Under NODE_ENV=test it is
   * off unless WATCHDOG=true, and the WATCHDOG_*_MS values below shorten its times.
   */
  WATCHDOG: booleanFromEnv.optional(),
  /** Tests only (NODE_ENV=test): the watchdog's tick and thresholds, and one setting minute. */
  WATCHDOG_TICK_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  WATCHDOG_DISPLAY_GRACE_MS: z.coerce.number().int().min(0).optional(),
  WATCHDOG_UNTOUCHED_MS: z.coerce.number().int().min(0).optional(),
  WATCHDOG_PLATFORM_LEAD_MS: z.coerce.number().int().min(0).optional(),
  WATCHDOG_MINUTE_MS: z.coerce.number().int().min(1).optional(),
  /** Tests only (NODE_ENV=test): a claimed outbox job's lease (60 s otherwise). */
  OUTBOX_JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(60_000).optional(),
  /** Tests only (NODE_ENV=test): see idempotencyAnswerDelayMs. */
  IDEMPOTENCY_ANSWER_DELAY_MS: z.coerce.number().int().min(0).max(5_000).optional(),
  /** Required on a public deployment (see paymentProviderOf); simulator by default on a laptop. */
  PAYMENT_PROVIDER: z.enum(['simulator', 'viva']).optional(),
  /** How long a customer has to pay on the provider's page (Viva's paymentTimeout). */
  PAYMENT_TIMEOUT_SECONDS: positiveInt(1800),
  /** How often pending checkouts past their timeout are settled with the provider. */
  PAYMENT_RECONCILE_SECONDS: positiveInt(60),
  VIVA_CLIENT_ID: z.string().optional(),
  VIVA_CLIENT_SECRET: z.string().optional(),
  VIVA_SOURCE_CODE: z.string().optional(),
  VIVA_MERCHANT_ID: z.string().optional(),
  VIVA_API_KEY: z.string().optional(),
  VIVA_ACCOUNTS_URL: z.url().default('https://demo-accounts.vivapayments.com'),
  VIVA_API_URL: z.url().default('https://demo-api.vivapayments.com'),
  VIVA_CHECKOUT_URL: z.url().default('https://demo.vivapayments.com'),
  /**
   * The SMTP server of the receipt and "ready" e-mails (decision 018), credentials included:
   * smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. Unset: no
   * e-mail, and the checkout does not promise one.
   */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' })
    .optional(),
  /** The sender of those e-mails; required with SMTP_URL. */
  MAIL_FROM: mailFrom.optional(),
  /** Wolt's order API (integrations.md §2.1); the sandbox or a fake in tests. */
  WOLT_API_URL: z.url().default('https://pos-integration-service.wolt.com'),
  /** Bolt Food's partner API (integrations.md §3). */
  BOLT_API_URL: z.url().default('https://node.bolt.eu/delivery-provider-pos'),
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** The public address is https: cookies are Secure. */
  secureCookies: boolean;
  /** PUBLIC_URL is https or not on this machine, or NODE_ENV=production. */
  isPublicDeployment: boolean;
  adminPassword: string | undefined;
  /** Login requests one address may make a minute, per login route. */
  loginRequestsPerMinute: number;
  /** Page-view reports one address may send a minute (decision 015). */
  pageViewsPerMinute: number;
  /**
   * The built client's *.map files are served: only when NODE_ENV=development is set, never
   * on a default start, whose NODE_ENV is unset (docs/operations.md "Limits").
   */
  serveSourceMaps: boolean;
  /** Set only with NODE_ENV=test and FAKE_NOW. */
  fakeNow: Date | undefined;
  /**
   * NODE_ENV=test and PAUSE_ORDER_EVENTS=true only: order events are recorded but never
   * delivered, as if the process died right after each commit (the crash test, decision 008).
   */
  pauseOrderEvents: boolean;
  /**
   * NODE_ENV=test only: a keyed call's answer is stored this long after its handler finished,
   * widening the moment a kill leaves an order made and its answer not stored (the crash test,
   * decision 007). 0 otherwise.
   */
  idempotencyAnswerDelayMs: number;
  /** Tests only: a claimed outbox job's lease, when shorter than the dispatcher's 60 s. */
  outboxJobLeaseMs: number | undefined;
  /** Receipt and "ready" e-mails over SMTP (decision 018); null when SMTP_URL is unset. */
  email: { smtpUrl: string; from: string } | null;
  payments: {
    provider: 'simulator' | 'viva';
    /** The simulator runs: every screen shows the test-mode ribbon and orders are test. */
    simulated: boolean;
    timeoutSeconds: number;
    reconcileEverySeconds: number;
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
  /** Base URLs of the delivery platforms' APIs (decision 017). */
  platforms: { woltApiUrl: string; boltApiUrl: string };
  /** The kitchen watchdog (decision 023); the times are the issue's except in tests. */
  watchdog: WatchdogConfig;
}

export interface WatchdogConfig {
  /** Its timer runs (tests without it call tick() themselves). */
  enabled: boolean;
  tickMs: number;
  displayGraceMs: number;
  untouchedMs: number;
  platformLeadMs: number;
  /** One minute of the kitchen_offline_pause_minutes setting. */
  minuteMs: number;
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
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const isPublicDeployment = env.NODE_ENV === 'production' || !isLocalAddress(publicUrl);
  // Fake payments must be chosen on purpose wherever real customers could reach the shop.
  const provider = env.PAYMENT_PROVIDER ?? (isPublicDeployment ? undefined : 'simulator');
  if (!provider) {
    problems.push(
      'PAYMENT_PROVIDER: required when PUBLIC_URL is https or not this machine, or NODE_ENV=production: set viva (real card payments) or simulator (no money moves, every screen says so)',
    );
  }
  if (env.PAYMENT_PROVIDER === 'viva') {
    for (const name of ['VIVA_CLIENT_ID', 'VIVA_CLIENT_SECRET', 'VIVA_SOURCE_CODE'] as const) {
      if (!env[name]) problems.push(`${name}: required when PAYMENT_PROVIDER is viva`);
    }
  }
  if (env.SMTP_URL && !env.MAIL_FROM) {
    problems.push("MAIL_FROM: required when SMTP_URL is set (the sender of the shop's e-mails)");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https:'),
    isPublicDeployment,
    adminPassword: env.ADMIN_PASSWORD,
    loginRequestsPerMinute: env.LOGIN_REQUESTS_PER_MINUTE,
    pageViewsPerMinute: env.PAGE_VIEWS_PER_MINUTE,
    // `cleaned`, not `env`: the schema's default must not turn them on.
    serveSourceMaps: cleaned.NODE_ENV === 'development',
    fakeNow: env.NODE_ENV === 'test' && env.FAKE_NOW ? new Date(env.FAKE_NOW) : undefined,
    pauseOrderEvents: env.NODE_ENV === 'test' && env.PAUSE_ORDER_EVENTS === 'true',
    idempotencyAnswerDelayMs: env.NODE_ENV === 'test' ? (env.IDEMPOTENCY_ANSWER_DELAY_MS ?? 0) : 0,
    outboxJobLeaseMs: env.NODE_ENV === 'test' ? env.OUTBOX_JOB_LEASE_MS : undefined,
    email: env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : null,
    payments: {
      provider: provider ?? 'simulator',
      simulated: provider === 'simulator',
      timeoutSeconds: env.PAYMENT_TIMEOUT_SECONDS,
      reconcileEverySeconds: env.PAYMENT_RECONCILE_SECONDS,
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
    platforms: {
      woltApiUrl: env.WOLT_API_URL.replace(/\/+$/, ''),
      boltApiUrl: env.BOLT_API_URL.replace(/\/+$/, ''),
    },
    watchdog: watchdogConfig(env),
  };
}

function watchdogConfig(env: Env): WatchdogConfig {
  const test = env.NODE_ENV === 'test';
  const pick = (value: number | undefined, fallback: number) =>
    test && value !== undefined ? value : fallback;
  return {
    enabled: env.WATCHDOG ?? !test,
    tickMs: pick(env.WATCHDOG_TICK_MS, 5_000),
    displayGraceMs: pick(env.WATCHDOG_DISPLAY_GRACE_MS, DISPLAY_GRACE_MS),
    untouchedMs: pick(env.WATCHDOG_UNTOUCHED_MS, UNTOUCHED_ORDER_MS),
    platformLeadMs: pick(env.WATCHDOG_PLATFORM_LEAD_MS, PLATFORM_LEAD_MS),
    minuteMs: pick(env.WATCHDOG_MINUTE_MS, 60_000),
  };
}

/** A listen address only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * The start's warning when TRUST_PROXY is a hop count and the port is open beyond this
 * machine: a hop count believes whoever connects, so a client that reaches the port directly
 * writes its own X-Forwarded-For and dodges every per-address limit (docs/operations.md
 * "Behind a proxy"). Null when there is nothing to warn about.
 */
export function trustProxyWarning(config: Pick<Config, 'trustProxy' | 'host'>): string | null {
  if (typeof config.trustProxy !== 'number' || isLoopbackHost(config.host)) return null;
  return [
    `TRUST_PROXY=${config.trustProxy} trusts a hop count, and the server listens on ${config.host}.`,
    'Anyone who reaches this port directly, not through your proxy, can write any address in',
    'X-Forwarded-For and dodge every per-address limit (logins, tracking, connections).',
    "Give the proxy's address instead (TRUST_PROXY=10.0.0.5, or loopback for a proxy on this",
    'machine), or listen on loopback only (HOST=127.0.0.1) behind a proxy on this machine.',
  ].join('\n');
}

/** http on localhost, a *.localhost name or a loopback address: only this machine reaches it. */
function isLocalAddress(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'http:') return false;
  const host = hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
  );
}
