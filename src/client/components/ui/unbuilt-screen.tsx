import { Link } from 'react-router';

/**
 * A screen whose issue has not been built yet: it shows its title and says so
 * honestly instead of pretending to work.
 */
export function UnbuiltScreen({ title }: { title: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="text-char-700">This screen is not available yet.</p>
      <Link to="/" className="font-semibold text-ember-700 underline underline-offset-4">
        Back to menu
      </Link>
    </main>
  );
}
