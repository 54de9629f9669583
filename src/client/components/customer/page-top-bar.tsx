import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useShopInfo } from '#client/lib/shop/shop-queries.ts';

/**
 * The dark brand bar of the storefront on the inner pages, optionally with a way back to
 * the menu. Not printed.
 */
export function PageTopBar({
  showBackLink = true,
  backTo = '/',
}: {
  showBackLink?: boolean;
  /** Where Back to Menu goes: the storefront, or a table's own menu. */
  backTo?: string;
}) {
  const info = useShopInfo();
  // A shop that has not uploaded its logo still gets a clean bar, not a broken image.
  const [logoFailed, setLogoFailed] = useState(false);
  const shopName = info.data?.name ?? '';
  return (
    <header className="no-print sticky top-0 z-40 border-b border-white/10 bg-char-900 text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        {showBackLink && (
          <Link
            to={backTo}
            className="-ml-2 flex h-11 shrink-0 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-white/10"
          >
            <ArrowLeft aria-hidden className="size-5" />
            Back to Menu
          </Link>
        )}
        <Link
          to="/"
          aria-label={`${shopName} home`}
          className={`flex min-w-0 items-center gap-2.5 ${showBackLink ? 'ml-auto' : ''}`}
        >
          {!logoFailed && (
            <img
              src="/images/logo.svg"
              alt=""
              className="size-9 shrink-0"
              width={36}
              height={36}
              onError={() => setLogoFailed(true)}
            />
          )}
          {/* On a narrow phone the name wraps to a second line rather than losing its end. */}
          <span className="line-clamp-2 font-display text-base leading-tight tracking-wide break-words sm:text-lg">
            {shopName}
          </span>
        </Link>
      </div>
    </header>
  );
}
