/**
 * Shared by the customer API's tests (registration, sign-in, profile): the operations they send,
 * the shop they open (errors shown, a clock the tests move, the client address from a test
 * header) and the steps most tests start with — the link from an email, a registered customer.
 */
import { expect } from "vitest";
import type { Database } from "#db/client.ts";
import {
  graphqlHelpers,
  openTestShop,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { listOutbox } from "#platform/notify/index.ts";

export const START = new Date("2026-03-02T10:00:00.000Z");
export const HOUR = 60 * 60 * 1000;

/**
 * The Storefront API on a fresh database for the customer tests: internal errors shown, the
 * clock `now`, and the network peer in `x-test-peer` (as the server's trusted-proxy rule would
 * find it).
 */
export function openCustomerTestShop(now: () => Date) {
  return openTestShop({
    exposeErrors: true,
    now,
    clientIp: (c) => c.req.header("x-test-peer"),
  });
}

/** The request helpers and the common steps, over the shop the test file opened. */
export function customerHelpers(shop: () => { database: Database; api: TestStorefrontApi }) {
  const { gql, mutate } = graphqlHelpers(() => shop().api);

  /** The newest link of a kind in an address's outbox, split into its id and token. */
  async function linkFromOutbox(to: string, kind: string) {
    const [message] = await listOutbox(shop().database.db, { to, kind });
    if (!message) throw new Error(`no ${kind} email for ${to}`);
    const match = /(http:\/\/shop\.test\/(?:account\/activate|auth\/reset)\/(\d+)\/([\w-]+))/.exec(
      message.text,
    );
    if (!match) throw new Error(`no link in ${message.text}`);
    return { message, url: match[1] as string, id: match[2] as string, token: match[3] as string };
  }

  /** Registers, activates through the email's link and answers the access token. */
  async function registeredCustomer(email: string, password = "motdepasse-1") {
    const created = await mutate(CREATE, { input: { email, password, firstName: "Test" } });
    expect(created.customerUserErrors).toEqual([]);
    const link = await linkFromOutbox(email, "customer-activation");
    const activated = await mutate(ACTIVATE, {
      id: `gid://shopify/Customer/${link.id}`,
      input: { activationToken: link.token, password },
    });
    expect(activated.customerUserErrors).toEqual([]);
    return {
      id: Number(link.id),
      token: activated.customerAccessToken.accessToken as string,
    };
  }

  return { gql, mutate, linkFromOutbox, registeredCustomer };
}

export const CREATE = `#graphql
  mutation Create($input: CustomerCreateInput!) {
    customerCreate(input: $input) {
      customer { id email firstName lastName phone acceptsMarketing displayName }
      customerUserErrors { code field message }
      userErrors { field message }
    }
  }`;
export const ACTIVATE = `#graphql
  mutation Activate($id: ID!, $input: CustomerActivateInput!) {
    customerActivate(id: $id, input: $input) {
      customer { id email }
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }`;
export const ACTIVATE_BY_URL = `#graphql
  mutation ActivateByUrl($url: URL!, $password: String!) {
    customerActivateByUrl(activationUrl: $url, password: $password) {
      customer { email }
      customerAccessToken { accessToken }
      customerUserErrors { code field message }
    }
  }`;
export const LOGIN = `#graphql
  mutation Login($input: CustomerAccessTokenCreateInput!) {
    customerAccessTokenCreate(input: $input) {
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }`;
export const RECOVER = `#graphql
  mutation Recover($email: String!) {
    customerRecover(email: $email) { customerUserErrors { code field message } }
  }`;
export const RESET = `#graphql
  mutation Reset($id: ID!, $input: CustomerResetInput!) {
    customerReset(id: $id, input: $input) {
      customer { email }
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }`;
export const RESET_BY_URL = `#graphql
  mutation ResetByUrl($url: URL!, $password: String!) {
    customerResetByUrl(resetUrl: $url, password: $password) {
      customerAccessToken { accessToken }
      customerUserErrors { code field message }
    }
  }`;
export const CUSTOMER = `#graphql
  query Customer($token: String!) {
    customer(customerAccessToken: $token) {
      id email firstName lastName displayName phone acceptsMarketing createdAt updatedAt tags
      defaultAddress { id address1 zip city country countryCodeV2 formatted(withName: true) }
      addresses(first: 10) { nodes { id address1 city } pageInfo { hasNextPage } }
      wishlist: metafield(namespace: "custom", key: "wishlist") {
        type value references(first: 10) { nodes { ... on Product { handle } } }
      }
      lists: metafields(identifiers: [{ namespace: "custom", key: "shopping_lists" }]) { value }
    }
  }`;
export const UPDATE = `#graphql
  mutation Update($token: String!, $customer: CustomerUpdateInput!) {
    customerUpdate(customerAccessToken: $token, customer: $customer) {
      customer { email firstName lastName phone acceptsMarketing }
      customerAccessToken { accessToken }
      customerUserErrors { code field message }
    }
  }`;
export const ADDRESS_CREATE = `#graphql
  mutation AddressCreate($token: String!, $address: MailingAddressInput!) {
    customerAddressCreate(customerAccessToken: $token, address: $address) {
      customerAddress { id address1 city zip country countryCodeV2 name formattedArea }
      customerUserErrors { code field message }
    }
  }`;
export const ADDRESS_UPDATE = `#graphql
  mutation AddressUpdate($token: String!, $id: ID!, $address: MailingAddressInput!) {
    customerAddressUpdate(customerAccessToken: $token, id: $id, address: $address) {
      customerAddress { id address1 city }
      customerUserErrors { code field message }
    }
  }`;
export const ADDRESS_DELETE = `#graphql
  mutation AddressDelete($token: String!, $id: ID!) {
    customerAddressDelete(customerAccessToken: $token, id: $id) {
      deletedCustomerAddressId
      customerUserErrors { code field message }
    }
  }`;
export const ADDRESS_DEFAULT = `#graphql
  mutation AddressDefault($token: String!, $id: ID!) {
    customerDefaultAddressUpdate(customerAccessToken: $token, addressId: $id) {
      customer { defaultAddress { id } }
      customerUserErrors { code field message }
    }
  }`;
