/**
 * Passwords are stored as salted scrypt hashes and compared in constant time
 * (DESIGN.md "Rules the server owns"). Format: scrypt$N$r$p$salt$hash (base64url).
 */
import {
  randomBytes,
  randomInt,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { passwordGate } from './password-gate.ts';

/** Every hash waits its turn at the gate, so logins cannot take the whole thread pool. */
const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  passwordGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password, salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes; allow twice that.
const MAX_MEMORY = 256 * N * R;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * Number(n) * Number(r),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Verifies against a throwaway hash, so an unknown username costs as much time as a known one. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  // A refusal at the gate must not be remembered as the dummy hash.
  dummyHash ??= hashPassword(randomBytes(12).toString('hex')).catch((error: unknown) => {
    dummyHash = null;
    throw error;
  });
  await verifyPassword(password, await dummyHash);
}

/** A strong password a person can type: 20 characters without look-alikes. */
export function generatePassword(length = 20): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** The first admin's password and its hash, which may be begun before it is known to be needed. */
export interface FirstAdmin {
  password: string;
  generated: boolean;
  passwordHash: Promise<string>;
}

/**
 * Starts hashing the first admin's password (ADMIN_PASSWORD, or a generated one): scrypt, about
 * 0.3 s on the thread pool. main.ts begins it as a database is made from the template, which
 * has no admin, so that it runs while the server loads (ensureAdminAccount uses it).
 */
export function firstAdmin(adminPassword: string | undefined): FirstAdmin {
  const password = adminPassword ?? generatePassword();
  const passwordHash = hashPassword(password);
  // Awaited where it is used; a failure must not surface before that as an unhandled rejection.
  passwordHash.catch(() => {});
  return { password, generated: adminPassword === undefined, passwordHash };
}
