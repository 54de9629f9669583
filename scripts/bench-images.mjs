// Menu photo benchmark (decision 011): the bytes a phone downloads for the demo menu's 29
// pictures, before (each item's phone photo stored and served as taken) and after (the variant
// the browser picks from the srcset the server's variants allow).
//
// One realistic phone photo is made here (4000x3000 JPEG at quality 92, smooth shapes with fine
// grain, a few MB like a real one), encoded with the server's own code
// (src/server/features/uploads/menu-image-variants.ts, loaded through tsx), and every device's
// pick is computed from what the storefront's card sends (menu-image.tsx, menu-item-card.tsx):
//
//   <source type="image/webp" srcset="…/w320.webp 320w, …/w640.webp 640w, …/w1280.webp 1280w"
//           sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw">
//
// Browsers may choose differently within the spec, so both known rules are shown: WebKit
// (Safari, every iPhone browser) takes the smallest candidate at least as dense as the screen;
// Chromium never upscales on 1x screens but on denser ones takes the smaller candidate when the
// screen's density is under the two candidates' geometric mean. Memory caches, Save-Data and
// lazy loading (only pictures near the screen load at first) are left out: this is the whole
// menu scrolled through once.
//
// Usage: node scripts/bench-images.mjs
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { register } from 'tsx/esm/api';

const ITEMS = 29;
const WIDTHS = [320, 640, 1280];

register();
const { encodeMenuImage } = await import('../src/server/features/uploads/menu-image-variants.ts');
const { MAX_UPLOAD_BYTES } = await import('../src/shared/menu/menu-images.ts');

/** A deterministic stand-in for a 12-megapixel phone photo of food. */
async function phonePhoto() {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const noise = (width, height, channels) =>
    Buffer.from(
      Array.from({ length: width * height * channels }, () => Math.floor(random() * 256)),
    );
  const width = 4000;
  const height = 3000;
  // Large soft shapes (the plate, the food, the table) and mid-sized texture, blown up smooth.
  const shapes = await sharp(noise(16, 12, 3), { raw: { width: 16, height: 12, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const texture = await sharp(noise(800, 600, 1), { raw: { width: 800, height: 600, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    // Sensor grain: a little per pixel, as a phone photo in a food truck's light has.
    const grain = (random() - 0.5) * 14;
    const detail = (texture[i] - 128) * 0.35;
    for (let c = 0; c < 3; c += 1) {
      const value = shapes[i * 3 + c] * 0.8 + detail + grain + 20;
      pixels[i * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** The image's width in CSS pixels at a viewport width, by the card's `sizes` above. */
function cardWidth(viewport) {
  if (viewport >= 1024) return 370;
  if (viewport >= 640) return viewport / 2;
  return viewport;
}

/** WebKit: the smallest candidate at least as dense as the screen, else the densest. */
function webkitPick(densities, dpr) {
  const index = densities.findIndex((density) => density >= dpr);
  return index === -1 ? densities.length - 1 : index;
}

/** Chromium: never upscale at 1x; above, the smaller one when the screen is under the mean. */
function chromiumPick(densities, dpr) {
  for (let i = 0; i < densities.length - 1; i += 1) {
    const next = densities[i + 1];
    if (next < dpr) continue;
    const mean = Math.sqrt(densities[i] * next);
    if ((dpr <= 1 && dpr > densities[i]) || dpr >= mean) return i + 1;
    return i;
  }
  return densities.length - 1;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const photo = await phonePhoto();
const started = performance.now();
const { variants } = await encodeMenuImage(photo);
const encodeMs = performance.now() - started;
const sizeOf = Object.fromEntries(
  variants.map((variant) => [variant.variant, variant.bytes.length]),
);

console.log(
  `phone photo: 4000x3000 JPEG q92, ${mb(photo.length)} (upload limit ${mb(MAX_UPLOAD_BYTES)}); encoded in ${encodeMs.toFixed(0)} ms into`,
);
console.log(
  `  ${variants.map((v) => `${v.variant} ${v.width}x${v.height} ${kb(v.bytes.length)}`).join(', ')}`,
);
console.log(`\n${ITEMS} menu pictures, scrolled through once:\n`);

const devices = [
  ['phone 390 px, DPR 3 (iPhone)', 390, 3],
  ['phone 390 px, DPR 2', 390, 2],
  ['laptop 1280 px, DPR 1', 1280, 1],
  ['laptop 1440 px, DPR 2', 1440, 2],
];
const rows = [];
for (const [name, viewport, dpr] of devices) {
  const card = cardWidth(viewport);
  const densities = WIDTHS.map((width) => width / card);
  for (const [engine, pick] of [
    ['WebKit', webkitPick],
    ['Chromium', chromiumPick],
  ]) {
    const variant = `w${WIDTHS[pick(densities, dpr)]}.webp`;
    const after = sizeOf[variant] * ITEMS;
    const before = photo.length * ITEMS;
    rows.push({
      device: name,
      card: `${Math.round(card)} px`,
      engine,
      picks: variant,
      before: mb(before),
      after: after >= 1024 * 1024 ? mb(after) : kb(after),
      smaller: `${(before / after).toFixed(0)}x`,
    });
  }
}
const columns = Object.keys(rows[0]);
const widths = columns.map((column) =>
  Math.max(column.length, ...rows.map((row) => row[column].length)),
);
const line = (cells) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(line(columns));
for (const row of rows) console.log(line(columns.map((column) => row[column])));
console.log(
  `(no srcset, the plain <img src=/objects/menu-images/:id>: fallback.jpg, ${kb(sizeOf['fallback.jpg'] * ITEMS)} in all)`,
);
