import {
  CART_USER_ERRORS_FRAGMENT,
  CUSTOMER_SUMMARY_FRAGMENT,
  CUSTOMER_USER_ERRORS_FRAGMENT,
} from "#app/lib/fragments.ts";
import type { StorefrontDocument } from "#app/lib/storefront.server.ts";

/**
 * The GraphQL documents of the customer's client (account.server.ts, account-orders.server.ts):
 * customer.graphql and order.graphql of the commerce service.
 */

const ACCOUNT_ACCESS_TOKEN_FRAGMENT = `#graphql
  fragment AccountAccessToken on CustomerAccessToken {
    accessToken
    expiresAt
  }
`;

const ACCOUNT_ORDER_SUMMARY_FRAGMENT = `#graphql
  fragment AccountOrderSummary on Order {
    id
    name
    orderNumber
    processedAt
    financialStatus
    fulfillmentStatus
    canceledAt
    totalPrice { amount currencyCode }
    customAttributes { key value }
  }
`;

export const CUSTOMER_SIGN_IN_MUTATION = `#graphql
  mutation AccountSignIn($input: CustomerAccessTokenCreateInput!) {
    customerAccessTokenCreate(input: $input) {
      customerAccessToken { ...AccountAccessToken }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
  ${ACCOUNT_ACCESS_TOKEN_FRAGMENT}
` as StorefrontDocument<"AccountSignIn">;

export const CUSTOMER_SIGN_OUT_MUTATION = `#graphql
  mutation AccountSignOut($token: String!) {
    customerAccessTokenDelete(customerAccessToken: $token) {
      deletedAccessToken
      userErrors { field message }
    }
  }
` as StorefrontDocument<"AccountSignOut">;

export const CUSTOMER_CREATE_MUTATION = `#graphql
  mutation AccountRegister($input: CustomerCreateInput!) {
    customerCreate(input: $input) {
      customer { id email }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"AccountRegister">;

export const CUSTOMER_ACTIVATE_MUTATION = `#graphql
  mutation AccountActivate($id: ID!, $input: CustomerActivateInput!) {
    customerActivate(id: $id, input: $input) {
      customerAccessToken { ...AccountAccessToken }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
  ${ACCOUNT_ACCESS_TOKEN_FRAGMENT}
` as StorefrontDocument<"AccountActivate">;

export const CUSTOMER_RESET_MUTATION = `#graphql
  mutation AccountReset($id: ID!, $input: CustomerResetInput!) {
    customerReset(id: $id, input: $input) {
      customerAccessToken { ...AccountAccessToken }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
  ${ACCOUNT_ACCESS_TOKEN_FRAGMENT}
` as StorefrontDocument<"AccountReset">;

export const CUSTOMER_ACTIVATE_BY_URL_MUTATION = `#graphql
  mutation AccountActivateByUrl($activationUrl: URL!, $password: String!) {
    customerActivateByUrl(activationUrl: $activationUrl, password: $password) {
      customerAccessToken { ...AccountAccessToken }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
  ${ACCOUNT_ACCESS_TOKEN_FRAGMENT}
` as StorefrontDocument<"AccountActivateByUrl">;

export const CUSTOMER_RESET_BY_URL_MUTATION = `#graphql
  mutation AccountResetByUrl($resetUrl: URL!, $password: String!) {
    customerResetByUrl(resetUrl: $resetUrl, password: $password) {
      customerAccessToken { ...AccountAccessToken }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
  ${ACCOUNT_ACCESS_TOKEN_FRAGMENT}
` as StorefrontDocument<"AccountResetByUrl">;

export const CUSTOMER_RECOVER_MUTATION = `#graphql
  mutation AccountRecover($email: String!) {
    customerRecover(email: $email) {
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"AccountRecover">;

export const CART_BUYER_IDENTITY_MUTATION = `#graphql
  mutation AccountLinkCart($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) {
      cart { id }
      userErrors { ...CartUserErrorFields }
    }
  }
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"AccountLinkCart">;

export const ACCOUNT_DETAILS_QUERY = `#graphql
  query AccountDetails($token: String!) {
    customer(customerAccessToken: $token) {
      ...CustomerSummaryFields
      phone
      acceptsMarketing
      defaultAddress { id }
      addresses(first: 20) {
        nodes {
          id
          firstName
          lastName
          company
          address1
          address2
          zip
          city
          country
          countryCodeV2
          phone
          formatted(withName: true)
        }
      }
    }
  }
  ${CUSTOMER_SUMMARY_FRAGMENT}
` as StorefrontDocument<"AccountDetails">;

export const CUSTOMER_UPDATE_MUTATION = `#graphql
  mutation AccountUpdate($token: String!, $customer: CustomerUpdateInput!) {
    customerUpdate(customerAccessToken: $token, customer: $customer) {
      customerAccessToken { ...AccountAccessToken }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
  ${ACCOUNT_ACCESS_TOKEN_FRAGMENT}
` as StorefrontDocument<"AccountUpdate">;

export const CUSTOMER_ADDRESS_CREATE_MUTATION = `#graphql
  mutation AccountAddressCreate($token: String!, $address: MailingAddressInput!) {
    customerAddressCreate(customerAccessToken: $token, address: $address) {
      customerAddress { id }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"AccountAddressCreate">;

export const CUSTOMER_ADDRESS_UPDATE_MUTATION = `#graphql
  mutation AccountAddressUpdate($token: String!, $id: ID!, $address: MailingAddressInput!) {
    customerAddressUpdate(customerAccessToken: $token, id: $id, address: $address) {
      customerAddress { id }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"AccountAddressUpdate">;

export const CUSTOMER_ADDRESS_DELETE_MUTATION = `#graphql
  mutation AccountAddressDelete($token: String!, $id: ID!) {
    customerAddressDelete(customerAccessToken: $token, id: $id) {
      deletedCustomerAddressId
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"AccountAddressDelete">;

export const CUSTOMER_DEFAULT_ADDRESS_MUTATION = `#graphql
  mutation AccountDefaultAddress($token: String!, $id: ID!) {
    customerDefaultAddressUpdate(customerAccessToken: $token, addressId: $id) {
      customer { id }
      customerUserErrors { ...CustomerUserErrorFields }
    }
  }
  ${CUSTOMER_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"AccountDefaultAddress">;

export const CUSTOMER_ORDERS_QUERY = `#graphql
  query AccountOrders($token: String!, $first: Int!, $after: String) {
    customer(customerAccessToken: $token) {
      orders(first: $first, after: $after) {
        nodes {
          ...AccountOrderSummary
        }
        pageInfo { hasNextPage endCursor }
        totalCount
      }
    }
  }
  ${ACCOUNT_ORDER_SUMMARY_FRAGMENT}
` as StorefrontDocument<"AccountOrders">;

export const CUSTOMER_ORDER_IDS_QUERY = `#graphql
  query AccountOrderIds($token: String!, $after: String) {
    customer(customerAccessToken: $token) {
      orders(first: 100, after: $after) {
        nodes { id }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
` as StorefrontDocument<"AccountOrderIds">;

export const CUSTOMER_ORDER_QUERY = `#graphql
  query AccountOrder($id: ID!, $token: String!) {
    customer(customerAccessToken: $token) { id email }
    node(id: $id) {
      ... on Order {
        ...AccountOrderSummary
        email
        subtotalPrice { amount currencyCode }
        totalShippingPrice { amount currencyCode }
        totalTax { amount currencyCode }
        totalRefunded { amount currencyCode }
        shippingAddress { name formatted }
        billingAddress { name formatted }
        lineItems(first: 100) {
          nodes {
            title
            quantity
            customAttributes { key value }
            originalTotalPrice { amount currencyCode }
            discountedTotalPrice { amount currencyCode }
            variant {
              id
              title
              availableForSale
              image { url altText }
              product { handle title tags }
            }
          }
        }
      }
    }
  }
  ${ACCOUNT_ORDER_SUMMARY_FRAGMENT}
` as StorefrontDocument<"AccountOrder">;
