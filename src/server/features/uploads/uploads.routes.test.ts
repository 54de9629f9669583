/**
 * Menu photos (spec back-office §7, decision 011): the admin asks for an upload URL, PUTs the
 * file to it, and the storefront reads the variants from /objects/menu-images.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { menuImages, serverSecrets } from '#server/db/schema.ts';
import { uploadUrlResponseSchema } from '#shared/menu/menu-admin.schema.ts';
import { MAX_UPLOAD_BYTES, menuImagePath } from '#shared/menu/menu-images.ts';
import { FILE_TOO_LARGE, UPLOAD_URL_EXPIRED, uploadResultSchema } from './uploads.routes.ts';
import { UPLOAD_URL_USED } from './menu-images.service.ts';
import { NOT_AN_IMAGE, TOO_MANY_PIXELS } from './menu-image-variants.ts';
import { UPLOAD_URL_KEY_NAME } from './upload-url.ts';

const t = useTestApp({ seed: 'base' });

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../../../tests/fixtures/${name}`, import.meta.url));
/** 400x300 as stored, EXIF Orientation 6 and GPS tags (tests/fixtures/make-menu-photo.mjs). */
const EXIF_PHOTO = fixture('menu-photo-exif-gps.jpg');
/** A few kilobytes of PNG that decode to 56 megapixels. */
const PIXEL_BOMB = fixture('pixel-bomb.png');

const START = '2025-06-10T09:00:00Z';
let adminCookie: string;
let staffCookie: string;

beforeAll(async () => {
  const admin = await createStaffUser(t.db, { role: 'admin' });
  const staff = await createStaffUser(t.db, { role: 'staff' });
  t.clock.set(START);
  adminCookie = await signIn(t.db, admin, t.clock.now());
  staffCookie = await signIn(t.db, staff, t.clock.now());
});
beforeEach(() => t.clock.set(START));

const askUploadUrl = (fileName = 'burger.jpg', cookie: string | null = adminCookie, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/menu/upload-url',
    payload: { fileName },
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClient(),
  });

async function newUploadUrl(fileName?: string): Promise<{ uploadURL: string; imageId: string }> {
  const response = await askUploadUrl(fileName);
  expect(response.statusCode).toBe(200);
  return uploadUrlResponseSchema.parse(response.json());
}

const put = (
  url: string,
  bytes: Buffer,
  contentType: string | null = 'image/jpeg',
  cookie: string | null = adminCookie,
  app = t.app,
) =>
  app.inject({
    method: 'PUT',
    url,
    payload: bytes,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(contentType !== null ? { 'content-type': contentType } : {}),
    },
    remoteAddress: nextClient(),
  });

/** Asks for a URL and uploads to it; answers the PUT's response and the image id. */
async function upload(bytes: Buffer, contentType?: string, fileName?: string) {
  const { uploadURL, imageId } = await newUploadUrl(fileName);
  return { response: await put(uploadURL, bytes, contentType), imageId, uploadURL };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: nextClient() });

const storedRows = (imageId: string) =>
  t.db.select().from(menuImages).where(eq(menuImages.imageId, imageId));

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** The colour at (x, y) of an encoded image. */
async function colourAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 80 && b! < 80;
const isBlue = ([r, g, b]: number[]) => r! < 80 && g! < 100 && b! > 150;

describe('who may upload', () => {
  it('refuses strangers (401) and staff (403) on both calls', async () => {
    const { uploadURL } = await newUploadUrl();

    const strangerUrl = await askUploadUrl('a.jpg', null);
    expect(strangerUrl.statusCode).toBe(401);
    const staffUrl = await askUploadUrl('a.jpg', staffCookie);
    expect(staffUrl.statusCode).toBe(403);

    const strangerPut = await put(uploadURL, EXIF_PHOTO, 'image/jpeg', null);
    expect(strangerPut.statusCode).toBe(401);
    const staffPut = await put(uploadURL, EXIF_PHOTO, 'image/jpeg', staffCookie);
    expect(staffPut.statusCode).toBe(403);

    // The URL is still unused: the admin can upload with it.
    expect((await put(uploadURL, EXIF_PHOTO)).statusCode).toBe(200);
  });
});

describe('POST /api/menu/upload-url', () => {
  it('answers a signed upload URL and a new image id', async () => {
    const first = await newUploadUrl('Smash Burger.JPG');
    const second = await newUploadUrl('Smash Burger.JPG');
    expect(uploadUrlResponseSchema.strict().parse(first)).toEqual(first);
    expect(first.uploadURL).toMatch(
      new RegExp(`^/api/menu/uploads/${first.imageId}\\.\\d+\\.[\\w-]{43}$`),
    );
    expect(second.imageId).not.toBe(first.imageId);
  });

  it('needs a file name', async () => {
    const response = await askUploadUrl('');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('fileName');
  });

  describe('with a second instance on the same database', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await createTestApp(t.database);
    });
    afterAll(() => other.close());

    it('both sign with the one key kept in server_secrets', async () => {
      const { uploadURL } = await newUploadUrl();
      const response = await put(uploadURL, EXIF_PHOTO, 'image/jpeg', adminCookie, other.app);
      expect(response.statusCode).toBe(200);

      const fromOther = uploadUrlResponseSchema.parse(
        (await askUploadUrl('b.jpg', adminCookie, other.app)).json(),
      );
      expect((await put(fromOther.uploadURL, EXIF_PHOTO)).statusCode).toBe(200);

      const keys = await t.db
        .select()
        .from(serverSecrets)
        .where(eq(serverSecrets.name, UPLOAD_URL_KEY_NAME));
      expect(keys).toHaveLength(1);
      expect(Buffer.from(keys[0]!.value, 'base64url')).toHaveLength(32);
    });
  });
});

describe('PUT /api/menu/uploads/:token', () => {
  it('turns a sideways phone photo upright and keeps no EXIF or GPS position', async () => {
    // The fixture is what the test relies on: orientation 6 and a GPS position.
    const original = await sharp(EXIF_PHOTO).metadata();
    expect(original).toMatchObject({ width: 400, height: 300, orientation: 6 });
    expect(original.exif?.includes('WGS-84')).toBe(true);

    const { response, imageId } = await upload(EXIF_PHOTO, 'image/jpeg', 'IMG_0001.JPG');
    expect(response.statusCode).toBe(200);
    expect(uploadResultSchema.strict().parse(response.json())).toEqual({
      imageId,
      image: `/objects/menu-images/${imageId}`,
      width: 300,
      height: 400,
    });

    const rows = await storedRows(imageId);
    expect(rows.map((row) => row.variant).sort()).toEqual([
      'fallback.jpg',
      'w1280.webp',
      'w320.webp',
      'w640.webp',
    ]);
    for (const row of rows) {
      const stored = await sharp(row.bytes).metadata();
      expect(stored, row.variant).toMatchObject({ width: 300, height: 400 });
      expect(stored.orientation, row.variant).toBeUndefined();
      expect(stored.exif, row.variant).toBeUndefined();
      for (const marker of ['Exif\0\0', 'GPS', 'WGS-84', 'FixturePhone']) {
        expect(row.bytes.includes(marker), `${row.variant} holds ${marker}`).toBe(false);
      }
      // The red square of the stored top-left corner is in the top-right corner, upright.
      expect(isRed(await colourAt(row.bytes, 250, 50)), row.variant).toBe(true);
      expect(isBlue(await colourAt(row.bytes, 50, 50)), row.variant).toBe(true);
    }
  });

  it('makes each width, never wider than the photo', async () => {
    const photo = await solid(2000, 1500, '#884422').jpeg().toBuffer();
    const { response, imageId } = await upload(photo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ width: 1280, height: 960 });
    const sizes = Object.fromEntries(
      (await storedRows(imageId)).map((row) => [row.variant, [row.width, row.height]]),
    );
    expect(sizes).toEqual({
      'w320.webp': [320, 240],
      'w640.webp': [640, 480],
      'w1280.webp': [1280, 960],
      'fallback.jpg': [1280, 960],
    });
  });

  it('goes by the bytes: a PNG named photo.jpg and sent as image/jpeg is taken as a PNG', async () => {
    const png = await solid(64, 48, '#22aa44').png().toBuffer();
    const { response, imageId } = await upload(png, 'image/jpeg', 'photo.jpg');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ width: 64, height: 48 });
    expect(await storedRows(imageId)).toHaveLength(4);
  });

  it.each([
    ['WebP', () => solid(40, 30, '#123456').webp().toBuffer(), 'image/webp'],
    ['GIF', () => solid(40, 30, '#123456').gif().toBuffer(), 'image/gif'],
    ['AVIF', () => solid(40, 30, '#123456').avif().toBuffer(), 'image/avif'],
    ['a JPEG with no Content-Type', () => solid(40, 30, '#123456').jpeg().toBuffer(), null],
    // What fetch sends for a File whose type the browser does not know.
    ['a JPEG with an empty Content-Type', () => solid(40, 30, '#123456').jpeg().toBuffer(), ''],
    [
      'a JPEG sent as a form',
      () => solid(40, 30, '#123456').jpeg().toBuffer(),
      'multipart/form-data; boundary=x',
    ],
    [
      'a JPEG sent as octet-stream',
      () => solid(40, 30, '#123456').jpeg().toBuffer(),
      'application/octet-stream',
    ],
  ])('takes %s', async (_name, make, contentType) => {
    const { uploadURL } = await newUploadUrl();
    const response = await put(uploadURL, await make(), contentType);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ width: 40, height: 30 });
  });

  it.each([
    ['a text file named .png', Buffer.from('Not a picture, just text.\n'), 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script/></svg>'),
      'image/svg+xml',
    ],
    ['a TIFF', null, 'image/tiff'],
    ['an empty body', Buffer.alloc(0), 'image/jpeg'],
  ])('refuses %s with 415', async (_name, bytes, contentType) => {
    const body = bytes ?? (await solid(40, 30, '#123456').tiff().toBuffer());
    const { response, imageId } = await upload(body, contentType, 'menu.png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: NOT_AN_IMAGE });
    expect(await storedRows(imageId)).toHaveLength(0);
  });

  it('refuses a file over 5 MB with 413, and takes one of exactly 5 MB to look at', async () => {
    const { uploadURL } = await newUploadUrl();
    const tooLarge = await put(uploadURL, Buffer.alloc(MAX_UPLOAD_BYTES + 1), 'image/jpeg');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: FILE_TOO_LARGE });

    // At the limit the body is read and judged by its bytes (zeros: not an image).
    const started = performance.now();
    const atLimit = await put(uploadURL, Buffer.alloc(MAX_UPLOAD_BYTES), 'image/jpeg');
    expect(atLimit.statusCode).toBe(415);
    // Tens of milliseconds; a bare Buffer body costs ~5 s in the control-character guard.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a decompression bomb (56 megapixels in 7 KB) without decoding it', async () => {
    const { response, imageId } = await upload(PIXEL_BOMB, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: TOO_MANY_PIXELS });
    expect(await storedRows(imageId)).toHaveLength(0);
  });

  it('works once: a used upload URL is refused with 409', async () => {
    const { response, uploadURL, imageId } = await upload(EXIF_PHOTO);
    expect(response.statusCode).toBe(200);
    const again = await put(uploadURL, await solid(40, 30, '#000').jpeg().toBuffer());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: UPLOAD_URL_USED });
    // The first photo is still the one stored.
    expect((await storedRows(imageId)).every((row) => row.width === 300)).toBe(true);
  });

  itRaces(
    'stores one photo when two uploads race with the same URL (the other gets 409)',
    async () => {
      const { uploadURL, imageId } = await newUploadUrl();
      // Both photos are under 320 wide, so all four variants of either have the same size.
      const other = await solid(250, 250, '#00ff00').jpeg().toBuffer();
      const responses = await Promise.all([put(uploadURL, EXIF_PHOTO), put(uploadURL, other)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const rows = await storedRows(imageId);
      expect(rows).toHaveLength(4);
      // All four variants come from the same upload, whichever won.
      expect(new Set(rows.map((row) => `${row.width}x${row.height}`)).size).toBe(1);
    },
  );

  it('works for 10 minutes: refused with 403 after that', async () => {
    const late = await newUploadUrl();
    const inTime = await newUploadUrl();
    t.clock.advanceMinutes(9);
    expect((await put(inTime.uploadURL, EXIF_PHOTO)).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    const response = await put(late.uploadURL, EXIF_PHOTO);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: UPLOAD_URL_EXPIRED });
    expect(await storedRows(late.imageId)).toHaveLength(0);
  });

  it('refuses a tampered or made-up URL with 403', async () => {
    const { uploadURL, imageId } = await newUploadUrl();
    const [id, expires, signature] = uploadURL.split('/').at(-1)!.split('.') as [
      string,
      string,
      string,
    ];
    const otherId = '0b0e2a6c-1d9e-4c3b-9a59-2f8d6c1e4b7a';
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const later = String(Number(expires) + 3600);
    for (const token of [
      `${id}.${expires}.${flipped}`,
      `${otherId}.${expires}.${signature}`,
      `${id}.${later}.${signature}`,
      `${id}.${expires}`,
      'not-a-token',
    ]) {
      const response = await put(`/api/menu/uploads/${token}`, EXIF_PHOTO);
      expect(response.statusCode, token).toBe(403);
      expect(response.json(), token).toEqual({ error: UPLOAD_URL_EXPIRED });
    }
    expect(await storedRows(imageId)).toHaveLength(0);
    expect(await storedRows(otherId)).toHaveLength(0);
  });
});

describe('GET /objects/menu-images/:imageId[/:variant]', () => {
  let imageId: string;
  beforeAll(async () => {
    const uploaded = await upload(EXIF_PHOTO);
    expect(uploaded.response.statusCode).toBe(200);
    imageId = uploaded.imageId;
  });

  it('answers each variant to anyone, typed, with a strong ETag, cached for good', async () => {
    const rows = await storedRows(imageId);
    for (const [path, variant, type] of [
      [menuImagePath(imageId), 'fallback.jpg', 'image/jpeg'],
      [`${menuImagePath(imageId)}/fallback.jpg`, 'fallback.jpg', 'image/jpeg'],
      [`${menuImagePath(imageId)}/w320.webp`, 'w320.webp', 'image/webp'],
      [`${menuImagePath(imageId)}/w640.webp`, 'w640.webp', 'image/webp'],
      [`${menuImagePath(imageId)}/w1280.webp`, 'w1280.webp', 'image/webp'],
    ] as const) {
      const row = rows.find((candidate) => candidate.variant === variant)!;
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toBe(type);
      expect(response.headers.etag, path).toBe(`"${row.etag}"`);
      expect(response.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(row.bytes), path).toBe(true);
      expect((await sharp(response.rawPayload).metadata()).format, path).toBe(
        type === 'image/jpeg' ? 'jpeg' : 'webp',
      );
    }
  });

  it('answers 304 when the browser has it (If-None-Match)', async () => {
    const first = await get(menuImagePath(imageId));
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const again = await get(menuImagePath(imageId), { 'if-none-match': header });
      expect(again.statusCode, header).toBe(304);
      expect(again.body, header).toBe('');
      expect(again.headers.etag, header).toBe(etag);
      expect(again.headers['cache-control'], header).toContain('immutable');
    }
    const changed = await get(menuImagePath(imageId), { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: menuImagePath(imageId) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.body).toBe('');
  });

  it.each([
    ['an unknown id', () => menuImagePath('3f1c9f4e-7a55-4c1e-8d7b-2b1c1c0f9a11')],
    ['an id that is not a uuid', () => '/objects/menu-images/not-a-uuid'],
    ['an id with SQL in it', () => `/objects/menu-images/${encodeURIComponent("x' or '1'='1")}`],
    ['an unknown variant', () => `${menuImagePath(imageId)}/w999.webp`],
    [
      'a variant of an unknown id',
      () => `${menuImagePath('3f1c9f4e-7a55-4c1e-8d7b-2b1c1c0f9a11')}/w320.webp`,
    ],
    ['a path below a variant', () => `${menuImagePath(imageId)}/w320.webp/more`],
  ])('answers 404 JSON for %s', async (_name, path) => {
    const response = await get(path());
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toHaveProperty('error');
  });
});
