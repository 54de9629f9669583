import { ChevronDown, Download, MapPin } from 'lucide-react';

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
      <img
        src="/images/hero.svg"
        alt=""
        className="absolute inset-0 -z-10 size-full object-cover object-right opacity-90"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-char-950 via-char-950/80 to-char-950/10" />
      <div className="mx-auto flex min-h-[30rem] max-w-6xl flex-col justify-center gap-5 px-4 py-14 sm:min-h-[32rem]">
        <p className="w-fit rounded-full bg-mustard-400 px-3 py-1 text-xs font-extrabold uppercase tracking-widest text-char-900">
          Pickup only · Pay by card
        </p>
        <h1 className="min-h-[0.95em] max-w-xl font-display text-5xl leading-[0.95] uppercase sm:text-7xl">
          {shopName}
        </h1>
        {/* The shop's texts load after the page. The hero is tall enough for them and their
            lines keep their room meanwhile, so nothing below jumps when they arrive (a jump
            would also cut View Menu's scroll short). */}
        <p className="min-h-7 max-w-md text-lg text-white/85">{tagline}</p>
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
