import { createGraphQLError } from "graphql-yoga";
import {
  createAddress,
  deleteAddress,
  type MailingAddressInput,
  setDefaultAddress,
  updateAddress,
} from "#platform/commerce/customers/addresses.ts";
import { updateCustomer } from "#platform/commerce/customers/profile.ts";
import {
  type Address,
  addressGid,
  type CustomerRow,
  type CustomerUserError,
  customerGid,
  customerIdFrom,
  type IssuedToken,
  MESSAGES,
  normaliseEmail,
  type Outcome,
} from "#platform/commerce/customers/records.ts";
import { recoverCustomer, resetPassword } from "#platform/commerce/customers/recovery.ts";
import {
  activateCustomer,
  createCustomer,
  parseAccountUrl,
  type SignedIn,
} from "#platform/commerce/customers/registration.ts";
import {
  addressesOf,
  customerForToken,
  defaultAddressOf,
  deleteAccessToken,
  renewAccessToken,
  signIn,
} from "#platform/commerce/customers/tokens.ts";
import { ownerKey } from "#platform/commerce/graphql/loaders.ts";
import {
  connection,
  MAX_PAGE_SIZE,
  type PageArgs,
  pageWindow,
} from "#platform/commerce/graphql/pagination.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";
import { listOrdersForCustomer } from "#platform/commerce/orders/orders.ts";
import {
  type AttemptRules,
  createAttemptGuard,
  frenchWait,
  type LimiterStore,
} from "#platform/rate-limit.ts";

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
const passwordLike: AttemptRules = {
  perAddress: { points: 20, durationSec: 15 * MINUTE },
  perSubjectAddress: { points: 5, durationSec: 15 * MINUTE },
  // 1 s after the third failure, doubling to a minute: at most ~60 guesses an hour on one
  // account however many addresses try, while its owner waits a minute at worst.
  backoff: { free: 3, baseSec: 1, maxSec: MINUTE, windowSec: 60 * MINUTE },
  knownAddressSec: 20 * DAY,
};

/**
 * The rules of sign-in, activation and reset (per email or account), and of recovery (per
 * email). Each recovery sends an email, so its delay grows by minutes: an owner kept waiting by
 * someone else's requests already has their reset links in the mailbox.
 */
export const CUSTOMER_RATE_LIMITS: Record<Guarded, AttemptRules> = {
  login: passwordLike,
  activate: passwordLike,
  reset: passwordLike,
  recover: {
    ...passwordLike,
    backoff: { free: 3, baseSec: MINUTE, maxSec: 15 * MINUTE, windowSec: 60 * MINUTE },
  },
};

type Guarded = "login" | "recover" | "activate" | "reset";

/** The attempt guards of sign-in, recovery, activation and reset, by the client's address. */
function createAttemptGuards(store?: LimiterStore) {
  const guards = {
    login: createAttemptGuard("customer-login", CUSTOMER_RATE_LIMITS.login, store),
    activate: createAttemptGuard("customer-activate", CUSTOMER_RATE_LIMITS.activate, store),
    reset: createAttemptGuard("customer-reset", CUSTOMER_RATE_LIMITS.reset, store),
    recover: createAttemptGuard("customer-recover", CUSTOMER_RATE_LIMITS.recover, store),
  };
  return {
    /** Counts an attempt; throws Shopify's THROTTLED error, saying how long to wait, if refused. */
    async check(kind: Guarded, subject: string, ctx: CommerceContext) {
      const refused = await guards[kind].attempt(subject, ctx.buyerIp);
      if (refused) {
        throw createGraphQLError(MESSAGES.throttled(frenchWait(refused.retryAfterMs)), {
          extensions: { code: "THROTTLED" },
        });
      }
    },
    /**
     * Runs a guarded attempt; a success was no threat (see `AttemptGuard.succeeded`), and an
     * activation or a reset, which signs the customer in, makes the address known to sign-in.
     * Only wrong credentials and tokens count as failures.
     */
    async run<T extends Outcome<unknown>>(
      kind: Guarded,
      subject: string,
      ctx: CommerceContext,
      attempt: () => Promise<T>,
    ): Promise<T> {
      await this.check(kind, subject, ctx);
      const outcome = await attempt();
      if (!outcome.ok && outcome.errors.every((error) => error.field?.at(-1) === "password")) {
        // Refused by the password rules before any token was compared: no guess was made.
        await guards[kind].release(subject, ctx.buyerIp);
      } else if (outcome.ok) {
        await guards[kind].succeeded(subject, ctx.buyerIp);
        const signedIn = outcome.value as Partial<SignedIn> | undefined;
        if (kind !== "login" && signedIn?.customer) {
          await guards.login.trust(normaliseEmail(signedIn.customer.email), ctx.buyerIp);
        }
      }
      return outcome;
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
export function createCustomerResolvers(options: { limiterStore?: LimiterStore } = {}) {
  const guard = createAttemptGuards(options.limiterStore);
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
        return signedInPayload(
          await guard.run("activate", String(id ?? args.id), ctx, () =>
            activateCustomer(ctx.db, id, args.input, ctx.now()),
          ),
        );
      },

      customerActivateByUrl: async (
        _: unknown,
        args: { activationUrl: string; password: string },
        ctx: CommerceContext,
      ) => {
        const link = parseAccountUrl(args.activationUrl, "activate");
        const outcome = await guard.run(
          "activate",
          String(link?.id ?? args.activationUrl),
          ctx,
          () =>
            activateCustomer(
              ctx.db,
              link?.id,
              { activationToken: link?.token ?? "", password: args.password },
              ctx.now(),
            ),
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
        const outcome = await guard.run("login", email, ctx, () =>
          signIn(ctx.db, args.input, ctx.now()),
        );
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
        await guard.check("recover", normaliseEmail(args.email), ctx);
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
        return signedInPayload(
          await guard.run("reset", String(id ?? args.id), ctx, () =>
            resetPassword(ctx.db, id, args.input, ctx.now()),
          ),
        );
      },

      customerResetByUrl: async (
        _: unknown,
        args: { resetUrl: string; password: string },
        ctx: CommerceContext,
      ) => {
        const link = parseAccountUrl(args.resetUrl, "reset");
        return signedInPayload(
          await guard.run("reset", String(link?.id ?? args.resetUrl), ctx, () =>
            resetPassword(
              ctx.db,
              link?.id,
              { resetToken: link?.token ?? "", password: args.password },
              ctx.now(),
            ),
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
