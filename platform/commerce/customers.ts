/**
 * Customer accounts: registration with an activation link, sign-in with expiring access tokens,
 * password recovery, profile, addresses and the wishlist metafields. Each use case is one
 * transaction and answers either its result or Shopify's `customerUserErrors` (codes of
 * `CustomerErrorCode`, French messages). The use cases live in the `customer-*.ts` files; this
 * module is their one import for callers.
 */

export {
  createAddress,
  deleteAddress,
  type MailingAddressInput,
  setDefaultAddress,
  updateAddress,
} from "#platform/commerce/customer-addresses.ts";
export {
  CUSTOMER_METAFIELDS,
  type CustomerMetafieldKey,
  setWishlist,
  writeCustomerMetafield,
} from "#platform/commerce/customer-metafields.ts";
export { type CustomerUpdateInput, updateCustomer } from "#platform/commerce/customer-profile.ts";
export {
  type Address,
  addressGid,
  addressIdFrom,
  type CustomerErrorCode,
  type CustomerRow,
  type CustomerUserError,
  customerGid,
  customerIdFrom,
  frenchPhone,
  type IssuedToken,
  MESSAGES,
  NAME_MAX_LENGTH,
  normaliseEmail,
  type Outcome,
  type SignedInCustomer,
  TOKEN_LIFETIME_MS,
} from "#platform/commerce/customer-records.ts";
export { recoverCustomer, resetPassword } from "#platform/commerce/customer-recovery.ts";
export {
  activateCustomer,
  activationUrl,
  type CustomerCreateInput,
  createCustomer,
  parseAccountUrl,
  resetUrl,
  type SignedIn,
} from "#platform/commerce/customer-registration.ts";
export {
  addressesOf,
  customerByAccessToken,
  customerById,
  customerForToken,
  defaultAddressOf,
  deleteAccessToken,
  hashToken,
  renewAccessToken,
  signIn,
} from "#platform/commerce/customer-tokens.ts";
