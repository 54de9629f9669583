import { Link } from 'react-router';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';

export function NotFoundPage() {
  useShopTitle('Page Not Found');
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl" aria-hidden>
        🌭
      </p>
      <h1 className="font-display text-3xl">Page Not Found</h1>
      <p className="text-char-700">
        We looked everywhere, even behind the smoker. This page does not exist.
      </p>
      <Link
        to="/"
        className="rounded-full bg-ember-700 px-6 py-3 font-semibold text-white hover:bg-ember-800"
      >
        Back to menu
      </Link>
    </main>
  );
}
