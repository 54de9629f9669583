/** Receipt printers (decision 028): the public entry of the client's printing feature. */
export { PrinterStatus } from './printer-status.tsx';
export { KitchenReprintButton, ReprintButton, ReprintOnPrinterButton } from './reprint-button.tsx';
