import type { ReactNode } from 'react';

/** A label and its value as one row of a card's definition list (cards under 640 px). */
export function CardRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-char-700">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
