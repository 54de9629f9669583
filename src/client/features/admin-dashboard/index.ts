/** The dashboard's order reads and order dialog, which the calendar shows for a past day. */
export { ordersQuery, statsQuery } from './api/dashboard-queries.ts';
export { OrderDetailsDialog } from './components/order-details-dialog.tsx';
