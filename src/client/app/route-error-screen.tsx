import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';

/** Shown when a screen fails to load or render (for example after a deploy, a missing chunk). */
function RouteErrorScreen() {
  useShopTitle('Something went wrong');
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-display text-3xl">Something went wrong</h1>
      <p className="text-char-700">Please reload the page. If it keeps happening, call the shop.</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-ember-700 px-6 py-3 font-semibold text-white hover:bg-ember-800"
        >
          Reload
        </button>
        <Link to="/" className="rounded-full border border-char-700 px-6 py-3 font-semibold">
          Back to menu
        </Link>
      </div>
    </main>
  );
}

class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failedAt: string | null }
> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { failedAt: string | null },
  ): { failedAt: string | null } | null {
    // The error was caught on this page: remember it. A later navigation clears it.
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorScreen />;
  }
}

/** The error screen for whatever screen is below it, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary resetKey={location.key}>{children}</ErrorBoundary>;
}
