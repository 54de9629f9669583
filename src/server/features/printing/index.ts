/**
 * Receipt printers (DESIGN.md departure 18, docs/decisions/028-receipt-printers.md): the public
 * entry of the printing feature.
 */
export { printingFeature } from './printing.routes.ts';
export { paidOrderPrintJobsSql, registerPrintJobs } from './print-jobs.ts';
