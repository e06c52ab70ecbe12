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
} from "./customers/admin.ts";
export { customerForToken, issueCustomerToken } from "./customers/customers.ts";
export {
  type RestaurantDay,
  restaurantDailyFigures,
  type SlotFill,
  slotFillByDay,
} from "./daily-figures.ts";
export {
  type BookedSlot,
  bookedSlots,
  restaurantOrderFigures,
  restaurantPlacedFigures,
} from "./day-figures.ts";
export {
  type BookingStore,
  bookOrderSlot,
  checkSlot,
  freeSlotKeys,
  grocerySlots,
  type PickupLocation,
  pickupLocations,
  releaseOrderSlot,
  type SlotOutcome,
  type SlotRelease,
  type SlotRequest,
  type SlotStore,
  slotStore,
} from "./grocery-slots.ts";
export { createOrderingApi } from "./http.ts";
export type {
  OrderActionOutcome,
  OrderActionRefusal,
  OrderActions,
} from "./orders/action-port.ts";
export {
  lockRestaurantOrderForRefund,
  type RestaurantListFilter,
  type RestaurantListRow,
  type RestaurantOrderDetail,
  restaurantOrderByPaymentIntent,
  restaurantOrderForAdmin,
  restaurantOrdersForAdmin,
  setRestaurantOrderStatus,
  storeChoices,
} from "./orders/admin.ts";
export { isOrderLinkKey } from "./orders/confirmation.ts";
export {
  ordersForPreparation,
  type PreparationPick,
  type PreparationRow,
} from "./preparation-rows.ts";
export type { ReceiptData } from "./receipts/data.ts";
export { renderReceiptPdf } from "./receipts/pdf.ts";
export { receiptDataForOrder } from "./receipts/receipts.ts";
export type { DeliveryLocation, OrderingMode, OrderStatus } from "./schema.ts";
export {
  type CalendarSlot,
  localToInstant,
  SLOT_TIME_ZONE,
  type SlotChange,
  SlotChangeError,
} from "./slots.ts";
export {
  addClosure,
  changeCalendarSlot,
  dayHoursText,
  deleteZone,
  listStores,
  removeClosure,
  type StoreCalendar,
  type StoreClosure,
  type StoreDetail,
  StoreSettingsError,
  saveZone,
  slotCalendars,
  storeDetail,
  storeSlotCalendar,
  updateStoreSettings,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from "./store-admin.ts";
export {
  insertVoucher,
  listVouchers,
  lockVoucher,
  updateVoucher,
  type Voucher,
  type VoucherFields,
  voucherCodeTaken,
} from "./voucher-admin.ts";
