/**
 * /robots.txt and /sitemap.xml, written from the shop's public address (the Shop Settings'
 * Public address, else PUBLIC_URL; read at each request): search engines index the storefront and
 * order tracking, may read the checkout (nothing happens on a visit; not in the sitemap), and
 * stay out of the back office, the API, the payment pages and each order's own pages.
 */
import type { AppInstance } from '../../http/types.ts';
import { publicAddress } from '../settings/index.ts';

/** The pages worth finding in a search. */
const PUBLIC_PAGES = ['/', '/track'] as const;

/** Back-office, payment and per-order pages: nothing for a search engine there. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/payments/',
  '/objects/',
  '/admin',
  '/login',
  '/staff-login',
  '/kitchen-login',
  '/kitchen',
  '/menu-management',
  '/qr-codes',
  '/calendar',
  '/pos',
  '/staff-pos',
  '/cash-up',
  '/staff-management',
  '/delivery-platforms',
  '/shop-hours',
  '/settings',
  '/notification-test',
  '/order-confirmation',
  '/table',
];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const robotsOf = (origin: string) =>
  [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
const sitemapOf = (origin: string) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => `  <url><loc>${escapeXml(`${origin}${page}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

export async function seoFeature(app: AppInstance) {
  const { config, db } = app;
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsOf(await publicAddress(db, config))),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapOf(await publicAddress(db, config))),
  );
}
