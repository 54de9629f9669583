import { useQuery } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PLATFORM_NAMES } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { platformStatusQuery } from '../api/platform-status.ts';

/** The dashboard reads the platforms' status less often than their own page does. */
const DASHBOARD_POLL_MS = 60_000;

/**
 * The dashboard's word on the drift check (decision 027, amended): each enabled platform whose
 * last read-back found it showing something otherwise than we do (or could not read it), with
 * a link to the delivery-platforms page, where Fix is. Nothing while they agree.
 */
export function PlatformDriftNotice({ className }: { className?: string }) {
  const status = useQuery({ ...platformStatusQuery(), refetchInterval: DASHBOARD_POLL_MS });
  const drifting = (status.data?.platforms ?? []).filter(
    (entry) => entry.enabled && (entry.drift.differences.length > 0 || entry.drift.error),
  );
  if (drifting.length === 0) return null;
  return (
    <section
      aria-label="Delivery platforms differ"
      className={`flex gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-700/20 ${className ?? ''}`}
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        {drifting.map((entry) => {
          const name = PLATFORM_NAMES[entry.platform];
          const { differences, error } = entry.drift;
          return (
            <p key={entry.platform}>
              {error ? (
                <>
                  Could not read {name} back: {error}.{' '}
                </>
              ) : (
                <>
                  {name} shows{' '}
                  {differences.length === 1 ? '1 thing' : `${differences.length} things`} otherwise
                  than we do:{' '}
                  {differences
                    .slice(0, 3)
                    .map((d) => `${d.name} ${d.theirs} there, ${d.ours} here`)
                    .join('; ')}
                  {differences.length > 3 ? '; …' : ''}.{' '}
                </>
              )}
            </p>
          );
        })}
        <Link to="/delivery-platforms" className="font-semibold underline">
          Open Delivery Platforms to fix it
        </Link>
      </div>
    </section>
  );
}
