import { Link, useRouteError } from 'react-router';

/** Shown when a screen fails to load or render (for example after a deploy, a missing chunk). */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-display text-3xl">Something went wrong</h1>
      <p className="text-char-700">Please reload the page. If it keeps happening, call the shop.</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-ember-600 px-6 py-3 font-semibold text-white"
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
