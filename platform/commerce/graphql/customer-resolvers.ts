import { createGraphQLError } from "graphql-yoga";
import {
  type Address,
  activateCustomer,
  addressesOf,
  addressGid,
  type CustomerRow,
  type CustomerUserError,
  createAddress,
  createCustomer,
  customerForToken,
  customerGid,
  customerIdFrom,
  defaultAddressOf,
  deleteAccessToken,
  deleteAddress,
  type IssuedToken,
  type MailingAddressInput,
  MESSAGES,
  normaliseEmail,
  type Outcome,
  parseAccountUrl,
  recoverCustomer,
  renewAccessToken,
  resetPassword,
  type SignedIn,
  setDefaultAddress,
  signIn,
  updateAddress,
  updateCustomer,
} from "#platform/commerce/customers.ts";
import { ownerKey } from "#platform/commerce/graphql/loaders.ts";
import {
  connection,
  MAX_PAGE_SIZE,
  type PageArgs,
  pageWindow,
} from "#platform/commerce/graphql/pagination.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolvers.ts";
import { listOrdersForCustomer } from "#platform/commerce/orders.ts";
import { RateLimiter } from "#platform/rate-limit.ts";

/** Attempts allowed per 15 minutes: per email (or account) and per client address. */
export const CUSTOMER_RATE_LIMITS = { perEmail: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

type Guarded = "login" | "recover" | "activate" | "reset";

/**
 * The rate limits of sign-in, recovery, activation and reset. Each limiter reads the clock of the
 * request it is counting (`ctx.now`, fixed in tests); `hit` is synchronous, so no other request
 * can swap the clock in between.
 */
function createAttemptGuard() {
  let clock: () => Date = () => new Date();
  const now = () => clock().getTime();
  const windowMs = CUSTOMER_RATE_LIMITS.windowMs;
  const perSubject = new RateLimiter({ limit: CUSTOMER_RATE_LIMITS.perEmail, windowMs, now });
  const perAddress = new RateLimiter({ limit: CUSTOMER_RATE_LIMITS.perAddress, windowMs, now });
  return {
    /** Counts an attempt; throws Shopify's THROTTLED error when a limit is passed. */
    check(kind: Guarded, subject: string, ctx: CommerceContext) {
      clock = ctx.now;
      const subjectAllowed = perSubject.hit(`${kind}:${subject}`);
      const addressAllowed = ctx.buyerIp ? perAddress.hit(`${kind}:${ctx.buyerIp}`) : true;
      if (!subjectAllowed || !addressAllowed) {
        throw createGraphQLError(MESSAGES.throttled, { extensions: { code: "THROTTLED" } });
      }
    },
    /**
     * After a success: the subject's attempts are forgotten (a signed-in customer starts afresh)
     * and the attempt no longer counts against the client address, so that many customers
     * behind one address (an office, a carrier's NAT) are not locked out by their own sign-ins;
     * failures alone use up an address's allowance.
     */
    succeeded(kind: Guarded, subject: string, ctx: CommerceContext) {
      perSubject.reset(`${kind}:${subject}`);
      if (ctx.buyerIp) perAddress.release(`${kind}:${ctx.buyerIp}`);
    },
  };
}

/**
 * A customer address for the `MailingAddress` resolvers of order-resolvers.ts (shared with
 * orders and carts), which compute the printed fields from the stored ones.
 */
export function mailingAddress(row: Address) {
  return { ...row, id: addressGid(row.id) };
}

const accessToken = (token: IssuedToken | null) =>
  token ? { accessToken: token.accessToken, expiresAt: token.expiresAt } : null;

/** Both error lists of a payload: `userErrors` (deprecated) mirrors `customerUserErrors`. */
function errorsOf(outcome: Outcome<unknown>) {
  const customerUserErrors: CustomerUserError[] = outcome.ok ? [] : outcome.errors;
  return {
    customerUserErrors,
    userErrors: customerUserErrors.map(({ field, message }) => ({ field, message })),
  };
}

function signedInPayload(outcome: Outcome<SignedIn>) {
  return {
    customer: outcome.ok ? outcome.value.customer : null,
    customerAccessToken: outcome.ok ? accessToken(outcome.value.token) : null,
    ...errorsOf(outcome),
  };
}

const accessDenied = [{ field: ["customerAccessToken"], message: "Access denied" }];

async function customerMetafields(customer: CustomerRow, ctx: CommerceContext) {
  return ctx.loaders.metafields(ownerKey("CUSTOMER", customer.id));
}

/** Resolvers of customer.graphql: customers, access tokens, addresses, metafields. */
export function createCustomerResolvers() {
  const guard = createAttemptGuard();
  return {
    QueryRoot: {
      customer: async (_: unknown, args: { customerAccessToken: string }, ctx: CommerceContext) =>
        (await customerForToken(ctx.db, args.customerAccessToken, ctx.now())) ?? null,
    },

    Mutation: {
      customerCreate: async (
        _: unknown,
        args: { input: Parameters<typeof createCustomer>[1] },
        ctx: CommerceContext,
      ) => {
        const outcome = await createCustomer(ctx.db, args.input, {
          origin: ctx.origin,
          now: ctx.now(),
        });
        return { customer: outcome.ok ? outcome.value : null, ...errorsOf(outcome) };
      },

      customerActivate: async (
        _: unknown,
        args: { id: string; input: { activationToken: string; password: string } },
        ctx: CommerceContext,
      ) => {
        const id = customerIdFrom(args.id);
        guard.check("activate", String(id ?? args.id), ctx);
        return signedInPayload(await activateCustomer(ctx.db, id, args.input, ctx.now()));
      },

      customerActivateByUrl: async (
        _: unknown,
        args: { activationUrl: string; password: string },
        ctx: CommerceContext,
      ) => {
        const link = parseAccountUrl(args.activationUrl, "activate");
        guard.check("activate", String(link?.id ?? args.activationUrl), ctx);
        const outcome = await activateCustomer(
          ctx.db,
          link?.id,
          { activationToken: link?.token ?? "", password: args.password },
          ctx.now(),
        );
        const { userErrors: _deprecated, ...payload } = signedInPayload(outcome);
        return payload;
      },

      customerAccessTokenCreate: async (
        _: unknown,
        args: { input: { email: string; password: string } },
        ctx: CommerceContext,
      ) => {
        const email = normaliseEmail(args.input.email);
        guard.check("login", email, ctx);
        const outcome = await signIn(ctx.db, args.input, ctx.now());
        if (outcome.ok) guard.succeeded("login", email, ctx);
        return {
          customerAccessToken: outcome.ok ? accessToken(outcome.value.token) : null,
          ...errorsOf(outcome),
        };
      },

      customerAccessTokenDelete: async (
        _: unknown,
        args: { customerAccessToken: string },
        ctx: CommerceContext,
      ) => {
        const id = await deleteAccessToken(ctx.db, args.customerAccessToken);
        return id === undefined
          ? {
              deletedAccessToken: null,
              deletedCustomerAccessTokenId: null,
              userErrors: accessDenied,
            }
          : {
              deletedAccessToken: args.customerAccessToken,
              deletedCustomerAccessTokenId: String(id),
              userErrors: [],
            };
      },

      customerAccessTokenRenew: async (
        _: unknown,
        args: { customerAccessToken: string },
        ctx: CommerceContext,
      ) => {
        const renewed = await renewAccessToken(ctx.db, args.customerAccessToken, ctx.now());
        return renewed
          ? { customerAccessToken: accessToken(renewed), userErrors: [] }
          : { customerAccessToken: null, userErrors: accessDenied };
      },

      customerRecover: async (_: unknown, args: { email: string }, ctx: CommerceContext) => {
        guard.check("recover", normaliseEmail(args.email), ctx);
        const outcome = await recoverCustomer(ctx.db, args.email, {
          origin: ctx.origin,
          now: ctx.now(),
        });
        return errorsOf(outcome);
      },

      customerReset: async (
        _: unknown,
        args: { id: string; input: { resetToken: string; password: string } },
        ctx: CommerceContext,
      ) => {
        const id = customerIdFrom(args.id);
        guard.check("reset", String(id ?? args.id), ctx);
        return signedInPayload(await resetPassword(ctx.db, id, args.input, ctx.now()));
      },

      customerResetByUrl: async (
        _: unknown,
        args: { resetUrl: string; password: string },
        ctx: CommerceContext,
      ) => {
        const link = parseAccountUrl(args.resetUrl, "reset");
        guard.check("reset", String(link?.id ?? args.resetUrl), ctx);
        return signedInPayload(
          await resetPassword(
            ctx.db,
            link?.id,
            { resetToken: link?.token ?? "", password: args.password },
            ctx.now(),
          ),
        );
      },

      customerUpdate: async (
        _: unknown,
        args: { customerAccessToken: string; customer: Parameters<typeof updateCustomer>[2] },
        ctx: CommerceContext,
      ) => {
        const outcome = await updateCustomer(
          ctx.db,
          args.customerAccessToken,
          args.customer,
          ctx.now(),
        );
        return {
          customer: outcome.ok ? outcome.value.customer : null,
          customerAccessToken: outcome.ok ? accessToken(outcome.value.token) : null,
          ...errorsOf(outcome),
        };
      },

      customerAddressCreate: async (
        _: unknown,
        args: { customerAccessToken: string; address: MailingAddressInput },
        ctx: CommerceContext,
      ) => {
        const outcome = await createAddress(
          ctx.db,
          args.customerAccessToken,
          args.address,
          ctx.now(),
        );
        return {
          customerAddress: outcome.ok ? mailingAddress(outcome.value) : null,
          ...errorsOf(outcome),
        };
      },

      customerAddressUpdate: async (
        _: unknown,
        args: { customerAccessToken: string; id: string; address: MailingAddressInput },
        ctx: CommerceContext,
      ) => {
        const outcome = await updateAddress(
          ctx.db,
          args.customerAccessToken,
          args.id,
          args.address,
          ctx.now(),
        );
        return {
          customerAddress: outcome.ok ? mailingAddress(outcome.value) : null,
          ...errorsOf(outcome),
        };
      },

      customerAddressDelete: async (
        _: unknown,
        args: { customerAccessToken: string; id: string },
        ctx: CommerceContext,
      ) => {
        const outcome = await deleteAddress(ctx.db, args.customerAccessToken, args.id, ctx.now());
        return {
          deletedCustomerAddressId: outcome.ok ? addressGid(outcome.value) : null,
          ...errorsOf(outcome),
        };
      },

      customerDefaultAddressUpdate: async (
        _: unknown,
        args: { customerAccessToken: string; addressId: string },
        ctx: CommerceContext,
      ) => {
        const outcome = await setDefaultAddress(
          ctx.db,
          args.customerAccessToken,
          args.addressId,
          ctx.now(),
        );
        return { customer: outcome.ok ? outcome.value : null, ...errorsOf(outcome) };
      },
    },

    Customer: {
      id: (customer: CustomerRow) => customerGid(customer.id),
      displayName: (customer: CustomerRow) =>
        [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email,
      tags: () => [],
      numberOfOrders: async (customer: CustomerRow, _: unknown, ctx: CommerceContext) =>
        (await listOrdersForCustomer(ctx.db, customer.id, { first: 0 })).totalCount,
      // Newest first whatever `sortKey` and `reverse` say: the account page's order (spec §7).
      orders: (
        customer: CustomerRow,
        args: { first?: number | null; after?: string | null },
        ctx: CommerceContext,
      ) => {
        if (args.first == null || args.first < 0 || args.first > MAX_PAGE_SIZE) {
          throw createGraphQLError(`first must be between 0 and ${MAX_PAGE_SIZE}`, {
            extensions: { code: "BAD_USER_INPUT" },
          });
        }
        return listOrdersForCustomer(ctx.db, customer.id, { first: args.first, after: args.after });
      },
      defaultAddress: async (customer: CustomerRow, _: unknown, ctx: CommerceContext) => {
        const row = await defaultAddressOf(ctx.db, customer);
        return row ? mailingAddress(row) : null;
      },
      addresses: async (customer: CustomerRow, args: PageArgs, ctx: CommerceContext) => {
        const window = pageWindow(args);
        // Newest first, as Shopify lists them; `reverse` and `last` walk the other way.
        let rows = await addressesOf(ctx.db, customer.id);
        if (args.reverse) rows = rows.reverse();
        if (window.backwards) rows = rows.reverse();
        if (window.after) {
          const at = rows.findIndex((row) => row.id === window.after?.id);
          rows = rows.slice(at + 1);
        }
        const page = connection(rows.slice(0, window.limit + 1), window, (row) => ({
          v: [],
          id: row.id,
        }));
        return {
          edges: page.edges.map((edge) => ({
            cursor: edge.cursor,
            node: mailingAddress(edge.node),
          })),
          nodes: page.nodes.map(mailingAddress),
          pageInfo: page.pageInfo,
        };
      },
      metafield: async (
        customer: CustomerRow,
        args: { namespace?: string | null; key: string },
        ctx: CommerceContext,
      ) =>
        (await customerMetafields(customer, ctx))?.get(
          `${args.namespace ?? "custom"}.${args.key}`,
        ) ?? null,
      metafields: async (
        customer: CustomerRow,
        args: { identifiers: { namespace?: string | null; key: string }[] },
        ctx: CommerceContext,
      ) => {
        if (args.identifiers.length > MAX_PAGE_SIZE) {
          throw createGraphQLError(`identifiers accepts at most ${MAX_PAGE_SIZE} items`);
        }
        const all = await customerMetafields(customer, ctx);
        return args.identifiers.map(
          (id) => all?.get(`${id.namespace ?? "custom"}.${id.key}`) ?? null,
        );
      },
    },
  };
}
