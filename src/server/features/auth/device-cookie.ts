/**
 * Device cookies (decision 006, update of 2026-11-25), as OWASP's "Slow down online guessing
 * attacks with device cookies" describes them: a browser that signed in to an account gets a
 * cookie naming that account and a random nonce, signed with a server key. On the next login
 * to that account the browser is a known device: it has its own failure count
 * (`device:<account>:<nonce>`) and the account's lock-out by strangers does not apply to it.
 *
 * One cookie holds the entries of up to five accounts (a kitchen tablet used by several
 * people): `<account, base64url>.<nonce>.<HMAC-SHA256 of account and nonce, base64url>`,
 * joined by `~`, newest first. The key is made on first use and kept in `server_secrets`, so
 * every instance signs and checks with the same one (as upload-url.ts does).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema.ts';

const DEVICE_COOKIE = 'login_device';
const DEVICE_KEY_NAME = 'login-device-key';
/** A known device stays known this long after its last successful sign-in. */
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Accounts one browser is known for. */
const MAX_ENTRIES = 5;
/** 16 random bytes, base64url. */
const NONCE = /^[\w-]{22}$/;
const SIGNATURE = /^[\w-]{43}$/;

interface Entry {
  account: string;
  nonce: string;
  signature: string;
}

function parse(value: string | undefined): Entry[] {
  if (!value || value.length > 2048) return [];
  return value.split('~').flatMap((part) => {
    const [encoded, nonce, signature, ...rest] = part.split('.');
    if (!encoded || !nonce || !signature || rest.length > 0) return [];
    if (!NONCE.test(nonce) || !SIGNATURE.test(signature)) return [];
    return [{ account: Buffer.from(encoded, 'base64url').toString('utf8'), nonce, signature }];
  });
}

const serialize = (entries: Entry[]) =>
  entries
    .map((entry) =>
      [Buffer.from(entry.account, 'utf8').toString('base64url'), entry.nonce, entry.signature].join(
        '.',
      ),
    )
    .join('~');

/** Signs and checks device cookies; one per app, the key read from the database once. */
export class DeviceCookies {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'secureCookies'>,
  ) {}

  private async loadKey(): Promise<Buffer> {
    await this.db
      .insert(serverSecrets)
      .values({ name: DEVICE_KEY_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, DEVICE_KEY_NAME));
    if (!row) throw new Error(`server_secrets has no ${DEVICE_KEY_NAME} after inserting it`);
    return Buffer.from(row.value, 'base64url');
  }

  private async sign(account: string, nonce: string): Promise<string> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    // The account and the nonce cannot run into each other: a NUL is in neither.
    return createHmac('sha256', await this.key)
      .update(`${account}\0${nonce}`)
      .digest('base64url');
  }

  /** The nonce of this browser for `account` when its cookie says so and is signed by us. */
  async knownDevice(request: FastifyRequest, account: string): Promise<string | null> {
    const entry = parse(request.cookies[DEVICE_COOKIE]).find((e) => e.account === account);
    if (!entry) return null;
    const expected = Buffer.from(await this.sign(account, entry.nonce), 'base64url');
    const given = Buffer.from(entry.signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? entry.nonce
      : null;
  }

  /**
   * After a successful sign-in: this browser is a known device for `account` from now on
   * (keeping its nonce when it was one already, so its failure count stays its own).
   */
  async remember(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    knownNonce: string | null,
  ): Promise<void> {
    const nonce = knownNonce ?? randomBytes(16).toString('base64url');
    const entry = { account, nonce, signature: await this.sign(account, nonce) };
    // Entries of other accounts are kept as they are (checked when they are used).
    const others = parse(request.cookies[DEVICE_COOKIE]).filter((e) => e.account !== account);
    reply.setCookie(DEVICE_COOKIE, serialize([entry, ...others].slice(0, MAX_ENTRIES)), {
      httpOnly: true,
      // Only the logins read it, and only from the shop's own pages.
      sameSite: 'strict',
      secure: this.config.secureCookies || request.protocol === 'https',
      path: '/api',
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }
}
