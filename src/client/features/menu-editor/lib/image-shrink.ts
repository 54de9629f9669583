/**
 * Spec back-office §5: a menu photo is an image of at most 5 MB. A phone's camera photo is
 * often bigger, so one over the limit is first redrawn in the browser, at most 2560 px wide,
 * as a JPEG; only when that still does not fit is it refused. The checks are pure and take the
 * shrinking as an argument, so they can be tested without a browser.
 */
import { MAX_UPLOAD_BYTES } from '#shared/menu/menu-admin.schema.ts';

export const MAX_IMAGE_WIDTH = 2560;
export const SHRINK_QUALITY = 0.85;

export type PreparedImage =
  { ok: true; file: Blob; fileName: string } | { ok: false; reason: 'type' | 'size' };

/** The size to draw at: as it is when narrow enough, else `maxWidth` wide, same proportions. */
export function fitWithin(width: number, height: number, maxWidth = MAX_IMAGE_WIDTH) {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/** photo.HEIC -> photo.jpg (the shrunk copy is a JPEG). */
export function jpegFileName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/** Checks a picked file and shrinks it when it is too big; says why when it cannot be used. */
export async function prepareImage(
  file: File,
  shrink: (file: File) => Promise<Blob> = shrinkInBrowser,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<PreparedImage> {
  if (!file.type.startsWith('image/')) return { ok: false, reason: 'type' };
  if (file.size <= maxBytes) return { ok: true, file, fileName: file.name };
  let shrunk: Blob;
  try {
    shrunk = await shrink(file);
  } catch {
    // A format the browser cannot draw: it stays too big.
    return { ok: false, reason: 'size' };
  }
  if (shrunk.size > maxBytes) return { ok: false, reason: 'size' };
  return { ok: true, file: shrunk, fileName: jpegFileName(file.name) };
}

/** Redraws the image on a canvas at most 2560 px wide and encodes it as a JPEG at 0.85. */
export async function shrinkInBrowser(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent PNG gets white, not black, behind it.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the photo'))),
        'image/jpeg',
        SHRINK_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
