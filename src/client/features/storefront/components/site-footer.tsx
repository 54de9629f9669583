import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '#client/lib/class-names.ts';
import type { ShopInfo } from '#shared/settings/settings.schema.ts';
import { describeDayHours, WEEKDAYS, type Weekday } from '#shared/shop-hours/shop-clock.ts';
import type { WeekHours } from '#shared/shop-hours/shop-hours.ts';
import { FacebookIcon, InstagramIcon, TikTokIcon } from './social-icons.tsx';

interface SiteFooterProps {
  info: ShopInfo | undefined;
  hours: WeekHours | undefined;
  hoursLoading: boolean;
  today: Weekday;
}

const capitalise = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

export function SiteFooter({ info, hours, hoursLoading, today }: SiteFooterProps) {
  const socials = [
    { href: info?.facebookUrl, label: 'Facebook', Icon: FacebookIcon },
    { href: info?.instagramUrl, label: 'Instagram', Icon: InstagramIcon },
    { href: info?.tiktokUrl, label: 'TikTok', Icon: TikTokIcon },
  ].filter((social) => social.href);

  return (
    <footer className="mt-16 bg-char-900 pb-28 text-white/85 sm:pb-10">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="footer-brand" className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <img src="/images/logo.svg" alt="" className="size-12" width={48} height={48} />
            <h2 id="footer-brand" className="font-display text-2xl text-white">
              {info?.name ?? ''}
            </h2>
          </div>
          <p className="max-w-xs text-sm text-white/70">{info?.tagline}</p>
          {socials.length > 0 && (
            <ul className="flex gap-3" aria-label="Follow us">
              {socials.map(({ href, label, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="grid size-11 place-items-center rounded-full bg-white/10 hover:bg-ember-600"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="footer-contact" className="flex flex-col gap-3">
          <h2 id="footer-contact" className="font-display text-lg text-white uppercase">
            Find us
          </h2>
          {info?.address && (
            <p className="flex items-start gap-2 text-sm">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-ember-400" />
              <span>
                {info.address}
                {info.mapUrl && (
                  <>
                    {' · '}
                    <a
                      href={info.mapUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-ember-400 underline underline-offset-4"
                    >
                      Get directions
                    </a>
                  </>
                )}
              </span>
            </p>
          )}
          {info?.phone && (
            <a
              href={`tel:${info.phone.replace(/\s+/g, '')}`}
              className="flex items-center gap-2 text-sm hover:text-white"
            >
              <Phone aria-hidden className="size-4 text-ember-400" />
              {info.phone}
            </a>
          )}
          {info?.email && (
            <a
              href={`mailto:${info.email}`}
              className="flex items-center gap-2 text-sm hover:text-white"
            >
              <Mail aria-hidden className="size-4 text-ember-400" />
              {info.email}
            </a>
          )}
        </section>

        <section aria-labelledby="footer-hours" className="flex flex-col gap-3">
          <h2 id="footer-hours" className="font-display text-lg text-white uppercase">
            Opening hours
          </h2>
          <ul className="flex flex-col gap-1 text-sm" data-testid="opening-hours">
            {WEEKDAYS.map((day) => {
              const isToday = day === today;
              const dayHours = hours?.[day];
              const text = hoursLoading
                ? '…'
                : !dayHours
                  ? 'Hours not set'
                  : (describeDayHours(dayHours) ?? 'Closed');
              return (
                <li
                  key={day}
                  aria-current={isToday ? 'date' : undefined}
                  className={cx(
                    'flex justify-between gap-4 rounded-lg px-2 py-1',
                    isToday && 'bg-ember-700 font-bold text-white',
                  )}
                >
                  <span>
                    {capitalise(day)}
                    {isToday && <span className="sr-only"> (today)</span>}
                  </span>
                  <span>{text}</span>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-xs text-white/60 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {info?.name}
            {info?.agencyName && (
              <>
                {' · '}
                {info.agencyUrl ? (
                  <a
                    href={info.agencyUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline underline-offset-4"
                  >
                    {info.agencyName}
                  </a>
                ) : (
                  info.agencyName
                )}
              </>
            )}
          </p>
          <Link to="/admin" className="w-fit underline underline-offset-4 hover:text-white">
            Admin
          </Link>
        </div>
      </div>
    </footer>
  );
}
