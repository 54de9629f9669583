import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';

// PUBLIC_URL is http://shop.test in test apps (tests/setup/test-app.ts).
const t = useTestApp({ seed: false });

describe('robots.txt and the sitemap', () => {
  it('lets search engines in to the storefront only, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/api/',
      '/admin',
      '/pos',
      '/kitchen',
      '/payments/',
      '/order-confirmation',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    // The checkout may be read (Lighthouse's SEO audit of it, decision 016); it is not listed.
    expect(lines.filter((line) => line.includes('/checkout'))).toEqual([]);
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('lists the public pages at the public address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(['http://shop.test/', 'http://shop.test/track']);
  });
});
