/**
 * The discounts feature's public entry (docs/architecture.md "Module boundaries"): the back
 * office's discounts (served by the menu's admin routes) and whether one is open for an order.
 */
export {
  createDiscount,
  deleteDiscount,
  discountOpen,
  listActiveDiscounts,
  listDiscounts,
  setDiscountStatus,
  updateDiscount,
} from './discounts.service.ts';
