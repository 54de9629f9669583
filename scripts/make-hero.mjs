// Renders the storefront hero (src/client/public/images/hero.svg, the drawing) into the responsive
// AVIF and WebP files the page shows: the SVG's blur filter and 12 KB of paths cost a phone more to
// paint than a 10 KB AVIF costs to decode, and the files are hashed by Vite, so browsers keep them
// for a year. Run after changing the drawing:
//   node scripts/make-hero.mjs → src/client/assets/hero/hero-{width}.{avif,webp}
// hero.tsx and the preload in src/client/index.html list the same widths.
import fs from 'node:fs';
import sharp from 'sharp';

const SOURCE = 'src/client/public/images/hero.svg';
const OUT = 'src/client/assets/hero';
const HERO_WIDTHS = [640, 960, 1280, 1600, 1920];

const svg = fs.readFileSync(SOURCE);
const viewBoxWidth = Number(/viewBox="0 0 (\d+)/.exec(svg.toString())?.[1] ?? 1600);
fs.mkdirSync(OUT, { recursive: true });
for (const width of HERO_WIDTHS) {
  // Rasterised at the target size, not scaled down from a bigger bitmap: sharper edges.
  const image = sharp(svg, { density: (72 * width) / viewBoxWidth }).resize(width);
  const avif = await image.clone().avif({ quality: 50, effort: 7 }).toBuffer();
  const webp = await image.clone().webp({ quality: 72, effort: 6 }).toBuffer();
  fs.writeFileSync(`${OUT}/hero-${width}.avif`, avif);
  fs.writeFileSync(`${OUT}/hero-${width}.webp`, webp);
  console.log(`hero-${width}: avif ${avif.length} B, webp ${webp.length} B`);
}
