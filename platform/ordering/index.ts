/**
 * The ordering module (Flipdish stand-in): stores, zones, slots, menus, vouchers, phone sign-in, orders, receipts.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */
export { orderingAdminRoutes } from "./admin-api.ts";
export type {
  FlipdishMenu,
  FlipdishMenuItemMetadata,
  FlipdishSectionItem,
  FlipdishStore,
} from "./admin-views.ts";
export {
  eraseOrderingCustomerData,
  exportOrderingCustomerData,
  type OrderingCustomerDetail,
  type OrderingCustomerOrder,
  type OrderingCustomerSummary,
  orderingCustomerDetail,
  orderingCustomersByContact,
  searchOrderingCustomers,
  setOrderingCustomerDisabled,
} from "./customer-admin.ts";
export { customerForToken, issueCustomerToken } from "./customers.ts";
export {
  type RestaurantDay,
  restaurantDailyFigures,
  type SlotFill,
  slotFillByDay,
} from "./daily-figures.ts";
export { type BookedSlot, bookedSlots, restaurantOrderFigures } from "./day-figures.ts";
export { createOrderingApi } from "./http.ts";
export { isOrderLinkKey } from "./order-confirmation.ts";
export {
  ordersForPreparation,
  type PreparationPick,
  type PreparationRow,
} from "./preparation-rows.ts";
export type { ReceiptData } from "./receipt-data.ts";
export { renderReceiptPdf } from "./receipt-pdf.ts";
export { receiptDataForOrder } from "./receipts.ts";
export type { DeliveryLocation, OrderingMode, OrderStatus } from "./schema.ts";
export { localToInstant, SLOT_TIME_ZONE } from "./slots.ts";
