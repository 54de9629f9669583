/**
 * The shop-hours feature's public entry (docs/architecture.md "Module boundaries"): the week's
 * hours, the shop's time zone and day, and the shop's status (hours with pause and busy mode).
 */
export {
  getShopStatus,
  getShopTimeZone,
  getWeekHours,
  shopTimeZoneOf,
  shopToday,
  weekHoursOf,
} from './shop-hours.service.ts';
export {
  ONLINE_ORDERING_ROW_ID,
  readOnlineOrderingRow,
  readShopStatusInputs,
  type ShopStatusInputs,
} from './shop-status.service.ts';
