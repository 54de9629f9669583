/**
 * A menu photo, from the bytes the admin sent to the files the storefront shows (decision 011):
 * the format is read from the bytes (never the name or the declared type), the photo is turned
 * upright by its EXIF orientation, and re-encoded from pixels, so no EXIF, GPS position or
 * other metadata of the phone survives. No database here: the benchmark uses it too.
 */
import sharp from 'sharp';
import { HttpError } from '../../http/errors.ts';

export const NOT_AN_IMAGE = 'Please select an image file (JPG, PNG, GIF, etc.)';
const UNREADABLE_IMAGE = 'This image file could not be read. Please select another photo.';
export const TOO_MANY_PIXELS =
  'This photo has too many pixels. Please select an image of at most 50 megapixels.';

/**
 * Decoding is refused above this (a 12-megapixel phone photo is far below): a small file that
 * claims huge dimensions (a decompression bomb) would otherwise take gigabytes of memory.
 */
const MAX_INPUT_PIXELS = 50_000_000;

const MENU_IMAGE_VARIANTS = ['w320.webp', 'w640.webp', 'w1280.webp', 'fallback.jpg'] as const;
export type MenuImageVariant = (typeof MENU_IMAGE_VARIANTS)[number];
export const isMenuImageVariant = (value: string): value is MenuImageVariant =>
  (MENU_IMAGE_VARIANTS as readonly string[]).includes(value);

/** What GET /objects/menu-images/:id answers: the variant every browser shows. */
export const DEFAULT_VARIANT: MenuImageVariant = 'fallback.jpg';

export interface EncodedVariant {
  variant: MenuImageVariant;
  contentType: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

export interface EncodedMenuImage {
  /** What the bytes were: jpeg, png, webp, gif or avif. */
  sourceFormat: string;
  variants: EncodedVariant[];
}

/** The largest width stored; fallback.jpg and w1280.webp are at most this wide. */
const LARGEST_WIDTH = 1280;
const WEBP = { quality: 78, effort: 4 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;

/** The formats accepted, by what libvips found in the bytes. AVIF is HEIF with AV1 inside. */
function acceptedFormat(metadata: sharp.Metadata): string | null {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return metadata.format;
    case 'heif':
      // HEIC (HEVC inside) is refused: the bundled libvips cannot decode it.
      return metadata.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

/**
 * Checks and re-encodes an uploaded photo: w320, w640 and w1280 WebP (never wider than the
 * photo) and a JPEG fallback at most 1280 wide. Throws 415 for anything that is not a JPEG,
 * PNG, WebP, GIF or AVIF, or that fails to decode, and 413 above MAX_INPUT_PIXELS.
 */
export async function encodeMenuImage(input: Buffer): Promise<EncodedMenuImage> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new HttpError(415, NOT_AN_IMAGE);
  }
  const sourceFormat = acceptedFormat(metadata);
  if (!sourceFormat) throw new HttpError(415, NOT_AN_IMAGE);
  // Only the first frame of an animation is decoded, so count one frame's pixels.
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height);
  if (pixels > MAX_INPUT_PIXELS) throw new HttpError(413, TOO_MANY_PIXELS);

  // Decode once, upright (EXIF orientation), in sRGB at 8 bits, at most 1280 wide (JPEG
  // shrink-on-load makes this cheap); the smaller variants are made from these pixels.
  let upright: { data: Buffer; info: sharp.OutputInfo };
  try {
    upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(415, UNREADABLE_IMAGE);
  }
  const { width, height, channels } = upright.info;
  const pixelsOf = () => sharp(upright.data, { raw: { width, height, channels } });

  // One after another: each encode holds a thread of libuv's pool, which logins share.
  const variants: EncodedVariant[] = [];
  for (const target of [320, 640, LARGEST_WIDTH]) {
    const { data, info } = await pixelsOf()
      .resize({ width: target, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
    variants.push({
      variant: `w${target}.webp` as MenuImageVariant,
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      bytes: data,
    });
  }
  const fallback = await pixelsOf()
    .flatten({ background: '#ffffff' })
    .jpeg(JPEG)
    .toBuffer({ resolveWithObject: true });
  variants.push({
    variant: 'fallback.jpg',
    contentType: 'image/jpeg',
    width: fallback.info.width,
    height: fallback.info.height,
    bytes: fallback.data,
  });
  return { sourceFormat, variants };
}
