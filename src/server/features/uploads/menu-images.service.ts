/**
 * Menu photos in the database (decision 011): one row per variant in `menu_images`, written
 * together, read by GET /objects/menu-images/:id[/:variant].
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuImages } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { menuImagePath } from '#shared/menu/menu-images.ts';
import {
  DEFAULT_VARIANT,
  encodeMenuImage,
  type EncodedVariant,
  type MenuImageVariant,
} from './menu-image-variants.ts';

export const UPLOAD_URL_USED =
  'This upload link was already used. Please choose the photo again to upload another.';

export interface UploadedMenuImage {
  imageId: string;
  image: string;
  /** Of the picture GET /objects/menu-images/:id answers (fallback.jpg), upright. */
  width: number;
  height: number;
}

// Photos are encoded one at a time per process: a few admins dropping several 12-megapixel
// photos at once would otherwise fill libuv's thread pool, which password hashing shares
// (decision 006), and hold a decoded photo in memory each.
let encoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = encoding.then(work);
  encoding = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

async function imageExists(db: Db, imageId: string): Promise<boolean> {
  const [row] = await db
    .select({ imageId: menuImages.imageId })
    .from(menuImages)
    .where(eq(menuImages.imageId, imageId))
    .limit(1);
  return row !== undefined;
}

const etagOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/**
 * Stores every variant in one transaction. The image id comes from a signed upload URL, so
 * rows already there mean the URL was used: refused with 409, also when two uploads with the
 * same URL race (the second insert waits for the first, then conflicts on the primary key).
 */
async function storeVariants(db: Db, imageId: string, variants: EncodedVariant[]) {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(menuImages)
      .values(
        variants.map((variant) => ({
          imageId,
          variant: variant.variant,
          contentType: variant.contentType,
          width: variant.width,
          height: variant.height,
          bytes: variant.bytes,
          etag: etagOf(variant.bytes),
        })),
      )
      .onConflictDoNothing()
      .returning({ variant: menuImages.variant });
    // Throwing rolls back whatever part went in.
    if (inserted.length !== variants.length) throw conflict(UPLOAD_URL_USED);
  });
}

/** The upload behind a checked upload URL: refuses a used one, encodes, stores. */
export async function saveMenuImage(
  db: Db,
  imageId: string,
  file: Buffer,
): Promise<UploadedMenuImage> {
  // Checked before the costly encoding; storeVariants settles a race.
  if (await imageExists(db, imageId)) throw conflict(UPLOAD_URL_USED);
  const { variants } = await oneAtATime(() => encodeMenuImage(file));
  await storeVariants(db, imageId, variants);
  const shown = variants.find((variant) => variant.variant === DEFAULT_VARIANT)!;
  return { imageId, image: menuImagePath(imageId), width: shown.width, height: shown.height };
}

export interface StoredVariant {
  contentType: string;
  etag: string;
  bytes: Buffer;
}

export async function getMenuImageVariant(
  db: Db,
  imageId: string,
  variant: MenuImageVariant,
): Promise<StoredVariant | null> {
  const [row] = await db
    .select({
      contentType: menuImages.contentType,
      etag: menuImages.etag,
      bytes: menuImages.bytes,
    })
    .from(menuImages)
    .where(and(eq(menuImages.imageId, imageId), eq(menuImages.variant, variant)));
  return row ?? null;
}
