/**
 * The commerce module (Shopify Storefront API stand-in): catalogue, carts, customers, orders, hosted checkout, images, feed.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */

export {
  GIFT_ATTRIBUTES,
  GIFT_MESSAGE_MAX,
  type GiftOptions,
  giftOptionsOf,
} from "./cart/gift-options.ts";
export { parseCartGid } from "./cart/records.ts";
export {
  catalogueChanged,
  insertCollections,
  insertMetaobjects,
  insertProducts,
  setProductMetafields,
} from "./catalogue/catalogue.ts";
export { collectionIdsByHandle, overwriteCollection } from "./catalogue/collection-edit.ts";
export {
  addProductImage,
  CONTROLLED_TAGS,
  editProduct,
  imagePathOfUrl,
  moveProductImage,
  removeProductImage,
  setArchived,
  setAvailability,
  type VariantEdit,
} from "./catalogue/edit.ts";
export {
  type AdminProductFilter,
  catalogueChoices,
  catalogueFigures,
  type EditableProduct,
  listProductsForAdmin,
  productHandlesById,
  productIdsByHandle,
  readEditableProduct,
} from "./catalogue/edit-read.ts";
export { onCatalogueChange } from "./catalogue/events.ts";
export { RECOUNT_INTERVAL_MS, recountFacets, startFacetRecount } from "./catalogue/facets.ts";
export {
  FEED_CONTENT_TYPES,
  type FeedFormat,
  feedFileName,
  feedResponse,
  feedSize,
  feedStream,
} from "./catalogue/feed.ts";
export {
  ARCHIVE_TAG,
  CatalogueInputError,
  type CollectionInput,
  type ImageInput,
  MAX_RELATED_PRODUCTS,
  type MetaobjectInput,
  type ProductInput,
  type ProductMetafieldValues,
  UNAVAILABLE_TAG,
  type VariantInput,
} from "./catalogue/input.ts";
export {
  COLLECTION_METAFIELDS,
  CUSTOM_NAMESPACE,
  type ProductMetafieldKey,
} from "./catalogue/metafields.ts";
export {
  applyPriceChange,
  MAX_BULK_PRODUCTS,
  type PriceChangeLine,
  type PriceOperation,
  type PricePlan,
  previewPriceChange,
  SelectionTooLargeError,
  samePrices,
} from "./catalogue/prices.ts";
export { sanitizeRichHtml } from "./catalogue/rich-html.ts";
export { serialiseMetafieldValue } from "./catalogue/rows.ts";
export { catalogueSearchSource } from "./catalogue/search-source.ts";
export { type SoldByWeight, soldByWeightProducts } from "./catalogue/sold-by-weight.ts";
export { giveBackStock, type StockTaken, takeStock } from "./catalogue/stock.ts";
export {
  collectionsForSync,
  countProductsForSync,
  type ProductSelection,
  productForSync,
  productsForSync,
  type SyncCollection,
  type SyncProduct,
} from "./catalogue/sync-reads.ts";
export { checkoutRoutes } from "./checkout/http.ts";

export {
  type ContentReads,
  NO_CONTENT,
  type OnlineStoreArticle,
  type OnlineStoreBlog,
  type OnlineStoreMenu,
  type OnlineStorePage,
  type ShopPolicyField,
} from "./content-port.ts";
export {
  type CommerceCustomerDetail,
  type CommerceCustomerOrder,
  type CommerceCustomerSummary,
  commerceCustomerDetail,
  commerceCustomersByContact,
  eraseCommerceCustomerData,
  exportCommerceCustomerData,
  phoneDigits,
  searchCommerceCustomers,
  setCommerceCustomerDisabled,
} from "./customers/admin.ts";
export { setWishlist, writeCustomerMetafield } from "./customers/metafields.ts";
export { hashPassword, verifyPassword } from "./customers/passwords.ts";
export type { SignedInCustomer } from "./customers/records.ts";
export {
  changeShoppingListItems,
  createShoppingList,
  deleteShoppingLists,
  productGid,
  renameShoppingList,
  SHOPPING_LIST_MAX_ITEMS,
  shoppingListsWithProducts,
} from "./customers/shopping-lists.ts";
export {
  customerByAccessToken,
  type LinkTokenState,
  linkTokenState,
  signIn,
} from "./customers/tokens.ts";
export {
  type DiscountCodeFields,
  discountCodeTaken,
  insertDiscountCode,
  listDiscountCodes,
  lockDiscountCode,
  updateDiscountCode,
} from "./discounts/admin.ts";
export type { DiscountCodeRow } from "./discounts/discounts.ts";
export { evaluateDiscounts, findDiscountCodes } from "./discounts/discounts.ts";
export { fromGid, toGid } from "./gid.ts";
export {
  adjustGiftCardBalance,
  creditGiftCardsOfOrder,
  type GiftCardMovement,
  type GiftCardRecord,
  type GiftCardStatus,
  giftCardById,
  giftCardMovements,
  giftCardPaymentsOfOrder,
  giftCardStatus,
  insertGiftCard,
  listGiftCards,
  lockGiftCard,
  type OrderGiftCardPayment,
  setGiftCardEnabled,
} from "./gift-cards/admin.ts";
export {
  formatGiftCardCode,
  GIFT_CARD_CODE_MAX,
  GIFT_CARD_CODE_MIN,
  isGiftCardCodeShape,
  maskedGiftCardCode,
  normaliseGiftCardCode,
} from "./gift-cards/codes.ts";
export {
  CUSTOMER_LINK_STATE_PATH,
  type StorefrontApiOptions,
  storefrontApi,
} from "./graphql/http.ts";
export { createImageRoutes } from "./images/http.ts";
export {
  announcesTooLarge,
  deleteImage,
  forgetCachedImage,
  LIBRARY_PAGE_SIZE,
  listLibrary,
  MAX_UPLOAD_BYTES,
  MULTIPART_OVERHEAD,
  uploadImage,
} from "./images/library.ts";
export { IMAGE_ROUTE_PREFIX, imagePathProblem, imageUrl } from "./images/paths.ts";
export {
  BANNER_SIZE,
  BANNER_TEXT_AREA,
  isPictureKind,
  PICTURE_KINDS,
  type PictureKind,
  PRODUCT_SIZE,
  PRODUCT_TEXT_AREA,
  renderBannerSvg,
  renderProductSvg,
  textWidth,
} from "./images/placeholder/placeholder.ts";
export { createImageService } from "./images/service.ts";
export {
  type GroceryListFilter,
  type GroceryListRow,
  type GroceryOrderDetail,
  groceryOrderForAdmin,
  groceryOrdersForAdmin,
  lockGroceryOrderForRefund,
  type OrderListCursor,
  setGroceryOrderStatus,
  setGroceryRefunded,
} from "./orders/admin.ts";
export {
  type GroceryDay,
  groceryDailyFigures,
  groceryOrderFigures,
  grocerySlotFigures,
} from "./orders/figures.ts";
export {
  orderIdsInSlot,
  ordersPlacedBetween,
  ordersWithSlotBetween,
  orderWithProductLines,
  type PlacedOrder,
  type SlottedOrder,
} from "./orders/reads.ts";
export {
  ORDER_SLOT_ATTRIBUTES,
  type OrderSlotView,
  orderModeText,
  orderSlotFromAttributes,
} from "./orders/slot.ts";
// Orders paid through the payment provider: weighing and capture (docs/sold-by-weight.md).
export {
  type GroceryPayment,
  groceryPaymentByIntent,
  groceryPaymentOf,
  recordGroceryAuthorisationReleased,
  recordWeighedCapture,
  saveWeighedGrams,
  uncapturedAuthorisations,
  type WeighedLine,
  type Weighing,
  weighingOf,
} from "./orders/weighing.ts";
export {
  deleteUrlRedirect,
  findUrlRedirect,
  findUrlRedirectById,
  isDuplicateUrlRedirect,
  listUrlRedirects,
  readUrlRedirectInput,
  redirectLocation,
  redirectPathKey,
  saveUrlRedirect,
  URL_REDIRECT_MESSAGES,
  URL_REDIRECTS_PAGE_SIZE,
  type UrlRedirect,
  type UrlRedirectErrors,
  type UrlRedirectInput,
  type UrlRedirectSave,
} from "./redirects/url-redirects.ts";
export type { CatalogueSearch } from "./search-port.ts";
export type {
  SlotBookings,
  SlotMode,
  SlotPortOutcome,
  SlotPortRequest,
  SlotPortStore,
} from "./slot-port.ts";
