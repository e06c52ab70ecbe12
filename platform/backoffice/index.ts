/**
 * The back-office module: staff and sessions, the change log, jobs, syncs, imports, exports and preparation sheets (ODP) behind the admin area (app/routes/middleware/).
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */

// The order screen's store filter lists the ordering service's stores.
export { storeChoices } from "#platform/ordering/index.ts";
// The search screen shows the index's size beside its rebuild (search-rebuild.ts).
export { searchIndexSize } from "#platform/search/index.ts";
export { applyBulkPrices, readPriceOperation } from "./bulk-prices.ts";
export { readChangeLog } from "./change-log.ts";
export {
  CUSTOMERS_PAGE_SIZE,
  type CustomerFile,
  CustomerGone,
  type CustomerListEntry,
  type CustomerRef,
  customerFile,
  customerRefText,
  eraseCustomer,
  exportCustomer,
  parseCustomerRef,
  searchCustomers,
  setCustomerDisabled,
} from "./customers.ts";
export { dashboardFigures, ZERO_RESULT_DAYS } from "./dashboard/dashboard.ts";
export {
  type DailyFigures,
  type DayFigures,
  dailyFigures,
  figuresRange,
  MAX_RANGE_DAYS,
  type StoreFigures,
} from "./dashboard/days.ts";
export { fillingSlots, todayOrders } from "./dashboard/today.ts";
export {
  createFirstAdministrator,
  issueSetupToken,
  SETUP_PATH,
  SETUP_REFUSALS,
  SETUP_TOKEN_MINUTES,
  SetupError,
  type SetupTokenState,
  setupTokenState,
} from "./first-admin-setup.ts";
export {
  type AdjustmentFieldErrors,
  adjustGiftCard,
  changeGiftCardEnabled,
  findGiftCards,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_OFFICE_MESSAGES,
  GIFT_CARD_STATUSES,
  type GiftCard,
  type GiftCardFieldErrors,
  type GiftCardFormValues,
  type GiftCardMovementView,
  giftCardDetail,
  giftCardFormValuesFrom,
  isGiftCardStatus,
  issueGiftCard,
  readAdjustmentForm,
  readGiftCardForm,
} from "./gift-cards.ts";
export { csvRows, type ImportRow, jsonRows } from "./imports/files.ts";
export {
  API_ACTOR,
  archiveProductByHandle,
  type ImportOutcome,
  importCategories,
  importProducts,
} from "./imports/imports.ts";
export type { JobProgress, JobState } from "./jobs.ts";
export {
  OrderingUnavailable,
  orderingAdminCall,
  orderingStores,
  storeMenuCsv,
  storeMenuRows,
} from "./ordering-export.ts";
export {
  authorisationWarning,
  type ExpiringAuthorisation,
  expiringAuthorisations,
} from "./orders/authorisation.ts";
export { captureWeighedOrder, weighOrder } from "./orders/capture.ts";
export {
  dayOrders,
  type OrderPreparation,
  orderPreparation,
  parisDay,
  parseDay,
  pickTotals,
  slotLabel,
  slotPreparations,
} from "./orders/odp.ts";
export { groceryPreparation } from "./orders/odp-grocery.ts";
export {
  changeOrderStatus,
  ORDER_API_ACTOR,
  orderActionsForApi,
  refundOrder,
} from "./orders/order-actions.ts";
export {
  listOrders,
  ORDERS_PAGE_SIZE,
  type OrderDetail,
  type OrderEvent,
  type OrderListFilter,
  type OrderListItem,
  orderDetail,
  orderRef,
  type ProviderPayment,
  parseCursor,
  parseOrderRef,
} from "./orders/orders.ts";
// charge.refunded of the provider, for the grocery and restauration payment handlers' `refunded`.
export {
  PROVIDER_DASHBOARD_ACTOR,
  recordGroceryProviderRefunds,
  recordRestaurantProviderRefunds,
} from "./orders/provider-refunds.ts";
export { eurosText, PRICE_OPERATIONS } from "./prices.ts";
export {
  computedUnitPrice,
  PRODUCT_SAVED,
  type ProductActionResult,
  relatedHandlesText,
  runProductAction,
  saveProductForm,
} from "./product-edits.ts";
export {
  LIST_FIELDS,
  OTHER_FIELD_LABELS,
  TEXT_FIELD_GROUPS,
  UNIT_PRICE_MESSAGES,
  VAT_CHOICES,
} from "./product-fields.ts";
export { productFilterParams, readProductFilter } from "./product-filter.ts";
export {
  findPromotion,
  formValuesFrom,
  formValuesOf,
  listPromotions,
  PROMOTION_KINDS,
  PROMOTION_MESSAGES,
  PROMOTION_STATES,
  type Promotion,
  type PromotionFieldErrors,
  type PromotionFilter,
  type PromotionFormValues,
  type PromotionKind,
  type PromotionState,
  promotionState,
  readPromotionForm,
  savePromotion,
  setPromotionEnabled,
} from "./promotions.ts";
export {
  can,
  type Permission,
  permissionForPath,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  SCREEN_PERMISSIONS,
} from "./roles.ts";
export { STAFF_ROLES, type StaffRole } from "./schema.ts";
export { SearchRebuild, type SearchRebuildState } from "./search-rebuild.ts";
export { removeSynonym, saveSynonym } from "./search-synonyms.ts";
export type { PageCache, ShopCaches } from "./shop-caches.ts";
export {
  changeStaff,
  createStaff,
  csrfTokenFor,
  ensureFirstAdmin,
  hasAdministrator,
  isValidCsrf,
  listStaff,
  recordChange,
  SESSION_HOURS,
  STAFF_PASSWORD_MIN_LENGTH,
  type Staff,
  type StaffAccount,
  type StaffChange,
  StaffError,
  signIn,
  signOut,
  staffForSession,
  temporaryPassword,
} from "./staff.ts";
export {
  type Actor,
  catalogueProduct,
  categoryDocumentKey,
  countProducts,
  logChange,
  productDocumentKey,
  putShopDocument,
  type RecordChange,
  SHOP_DOCUMENT_OWNER,
} from "./syncs/catalogue-sync.ts";
export { catalogueCategories, categoryDocument } from "./syncs/category-sync.ts";
export {
  exportContentfulJob,
  exportFlipdishJob,
  type JobDependencies,
  lastJobRuns,
  startCategorySync,
  startContentExport,
  startMenuExport,
  startProductSync,
  syncCategoriesJob,
  syncProductsJob,
} from "./syncs/sync-jobs.ts";
export { redirectCachedUrls, removeRedirect, saveRedirect } from "./url-redirects.ts";
