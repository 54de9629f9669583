/**
 * The cash-drawer feature's public entry (docs/architecture.md "Module boundaries"): a cash sale's
 * or a cash refund's movement in the open drawer (decision 012).
 */
export { cashSaleDrawer, drawerIsOpen, moveWithin, type Actor } from './cash-drawer.service.ts';
