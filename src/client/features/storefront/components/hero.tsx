import { ChevronDown, Download, MapPin } from 'lucide-react';

// The drawing (public/images/hero.svg) as AVIF and WebP at five widths, made by
// scripts/make-hero.mjs. index.html preloads the AVIF with the same srcset and sizes, so the
// browser fetches it while the app's script loads and this <img> reuses it.
const files = import.meta.glob<string>('../../../assets/hero/hero-*.{avif,webp}', {
  eager: true,
  query: '?url',
  import: 'default',
});
function srcSet(format: 'avif' | 'webp'): string {
  return Object.entries(files)
    .flatMap(([file, url]) => {
      const match = new RegExp(`hero-(\\d+)\\.${format}$`).exec(file);
      return match ? [{ width: Number(match[1]), url }] : [];
    })
    .sort((a, b) => a.width - b.width)
    .map(({ width, url }) => `${url} ${width}w`)
    .join(', ');
}
const AVIF_SRCSET = srcSet('avif');
const WEBP_SRCSET = srcSet('webp');
/** The image covers the hero: on a phone that is its height (30rem) at 16:9, wider than the screen. */
const SIZES = '(min-width: 910px) 100vw, (min-width: 640px) 910px, 854px';

interface HeroProps {
  shopName: string;
  tagline: string;
  address: string;
  isOpen: boolean;
  canInstall: boolean;
  onInstall: () => void;
  onViewMenu: () => void;
}

export function Hero({
  shopName,
  tagline,
  address,
  isOpen,
  canInstall,
  onInstall,
  onViewMenu,
}: HeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-char-950 text-white">
      <picture>
        <source type="image/avif" srcSet={AVIF_SRCSET} sizes={SIZES} />
        <img
          src={files['../../../assets/hero/hero-960.webp']}
          srcSet={WEBP_SRCSET}
          sizes={SIZES}
          width={1600}
          height={900}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover object-right opacity-90"
        />
      </picture>
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-char-950 via-char-950/80 to-char-950/10" />
      <div className="mx-auto flex min-h-[30rem] max-w-6xl flex-col justify-center gap-5 px-4 py-14 sm:min-h-[32rem]">
        <p className="w-fit rounded-full bg-mustard-400 px-3 py-1 text-xs font-extrabold uppercase tracking-widest text-char-900">
          Pickup only · Pay by card
        </p>
        <h1 className="flex min-h-[1.9em] max-w-xl items-end font-display text-5xl leading-[0.95] uppercase sm:text-7xl">
          {shopName}
        </h1>
        {/* The shop's texts load after the page. The hero is tall enough for them and their
            lines keep their room meanwhile, two for the name and two for the tagline (what
            they take on a phone), so nothing jumps when they arrive (a jump would also cut
            View Menu's scroll short). */}
        <p className="min-h-14 max-w-md text-lg text-white/85">{tagline}</p>
        <p className="flex min-h-5 items-center gap-2 text-sm text-white/70">
          {address && (
            <>
              <MapPin aria-hidden className="size-4" />
              {address}
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-3 pt-2">
          <button
            type="button"
            onClick={onViewMenu}
            className="flex h-13 items-center gap-2 rounded-full bg-ember-700 px-7 text-base font-bold shadow-lg shadow-ember-900/40 hover:bg-ember-600"
          >
            {isOpen ? 'View Menu' : 'View Menu (Closed)'}
            <ChevronDown aria-hidden className="size-5" />
          </button>
          {canInstall && (
            <button
              type="button"
              onClick={onInstall}
              className="flex h-13 items-center gap-2 rounded-full border-2 border-white/70 px-6 text-base font-bold hover:bg-white/10"
            >
              <Download aria-hidden className="size-5" />
              Install App
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
