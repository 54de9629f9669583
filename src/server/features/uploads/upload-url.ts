/**
 * Signed, single-use upload URLs for menu photos (spec back-office §7, decision 011).
 *
 * POST /api/menu/upload-url hands out `/api/menu/uploads/<token>`, the token being
 * `<imageId>.<expiry in epoch seconds>.<HMAC-SHA256, base64url>`. The key is made on first use
 * and kept in `server_secrets`, so every instance on the database signs and checks with the
 * same one. Single use is not in the token: an upload whose image id already has rows is
 * refused (menu-images.service.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema.ts';

/** How long an upload URL works after it was handed out. */
const UPLOAD_URL_TTL_MS = 10 * 60_000;
export const UPLOAD_URL_KEY_NAME = 'upload-url-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/;

export const isImageId = (value: string) => UUID.test(value);

/** Makes the key unless another instance already did, then reads back the one that won. */
async function loadKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: UPLOAD_URL_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, UPLOAD_URL_KEY_NAME));
  if (!row) throw new Error(`server_secrets has no ${UPLOAD_URL_KEY_NAME} after inserting it`);
  return Buffer.from(row.value, 'base64url');
}

export type UploadTokenCheck =
  { ok: true; imageId: string } | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

/** Signs and checks upload tokens; one per app, the key read from the database once. */
export class UploadUrlSigner {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Db) {}

  private getKey(): Promise<Buffer> {
    // A failed read is not cached: the next upload tries again.
    this.key ??= loadKey(this.db).catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async signature(imageId: string, expires: string): Promise<Buffer> {
    return createHmac('sha256', await this.getKey())
      .update(`menu-image-upload\n${imageId}\n${expires}`)
      .digest();
  }

  async sign(imageId: string, now: Date): Promise<string> {
    const expires = String(Math.floor((now.getTime() + UPLOAD_URL_TTL_MS) / 1000));
    const signature = await this.signature(imageId, expires);
    return `${imageId}.${expires}.${signature.toString('base64url')}`;
  }

  async check(token: string, now: Date): Promise<UploadTokenCheck> {
    const match = TOKEN.exec(token);
    if (!match || !isImageId(match[1]!)) return { ok: false, reason: 'malformed' };
    const [, imageId, expires, given] = match as unknown as [string, string, string, string];
    // Compared as text: base64url has several spellings of the last character's spare bits.
    const expected = Buffer.from((await this.signature(imageId, expires)).toString('base64url'));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      return { ok: false, reason: 'bad-signature' };
    }
    if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, imageId };
  }
}
