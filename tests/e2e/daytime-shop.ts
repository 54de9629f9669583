/**
 * Pickup slots are today's on the shop's clock (decision 026): a spec that books one an hour
 * ahead would fail in the shop's last hour before midnight. These put the shop, for the spec, in
 * a time zone where it is daytime now (the demo's hours are round the clock), and back after.
 */
import type { APIRequestContext } from '@playwright/test';
import { signIn } from './kitchen-support.ts';
import { expect } from './fixtures.ts';

/** Zones a few hours apart, so one of them is between 06:00 and 18:00 at any moment. */
const ZONES = [
  'Pacific/Kiritimati',
  'Asia/Tokyo',
  'Asia/Dhaka',
  'Europe/Tallinn',
  'America/Sao_Paulo',
  'America/Los_Angeles',
  'Pacific/Honolulu',
];

const hourIn = (timeZone: string, at: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(at),
  );

async function setShopTimeZone(request: APIRequestContext, value: string) {
  const saved = await request.put('/api/admin/settings/shop_time_zone', { data: { value } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/**
 * Signs `request` in as the admin, sets the shop's zone to one where it is daytime, and answers
 * that zone and a `restore` that puts the old one back.
 */
export async function daytimeShop(request: APIRequestContext) {
  await signIn(request);
  const before = (
    (await (await request.get('/api/admin/settings/shop_time_zone')).json()) as { value: string }
  ).value;
  const zone = ZONES.find((candidate) => {
    const hour = hourIn(candidate, new Date());
    return hour >= 6 && hour < 18;
  })!;
  await setShopTimeZone(request, zone);
  return { zone, restore: () => setShopTimeZone(request, before) };
}
