import { Search, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';

interface TopBarProps {
  shopName: string;
  cartCount: number;
  onTrackClick: () => void;
  onCartClick: () => void;
}

export function TopBar({ shopName, cartCount, onTrackClick, onCartClick }: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-char-900/95 text-white backdrop-blur supports-[backdrop-filter]:bg-char-900/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2.5" aria-label={`${shopName} home`}>
          <img src="/images/logo.svg" alt="" className="size-10 shrink-0" width={40} height={40} />
          {/* On a narrow phone the name wraps to a second line rather than losing its end. */}
          <span className="line-clamp-2 font-display text-base leading-tight tracking-wide break-words sm:text-xl">
            {shopName}
          </span>
        </Link>
        <nav className="ml-auto flex items-center gap-2" aria-label="Order">
          <button
            type="button"
            onClick={onTrackClick}
            aria-label="Track Your Meal"
            className="flex h-11 items-center gap-2 rounded-full border border-white/25 px-3 text-sm font-semibold hover:bg-white/10 sm:px-4"
          >
            <Search aria-hidden className="size-4" />
            <span className="sm:hidden">Track</span>
            <span className="hidden sm:inline">Track Your Meal</span>
          </button>
          <button
            type="button"
            onClick={onCartClick}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
            className="relative flex h-11 items-center gap-2 rounded-full bg-ember-700 px-3 text-sm font-semibold hover:bg-ember-800 sm:px-4"
          >
            <ShoppingBag aria-hidden className="size-5" />
            <span className="hidden sm:inline">Cart</span>
            <span
              data-testid="cart-count"
              className="grid min-w-6 place-items-center rounded-full bg-white px-1.5 text-xs font-bold text-ember-700"
            >
              {cartCount}
            </span>
          </button>
        </nav>
      </div>
    </header>
  );
}
