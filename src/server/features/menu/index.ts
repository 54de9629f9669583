/**
 * The menu feature's public entry (docs/architecture.md "Module boundaries"): what placing an
 * order reads of the menu (sold-out marks, VAT rates of the lines).
 */
export { soldOutAt } from './menu.service.ts';
export { lineVatRateSql } from './vat-rates.ts';
