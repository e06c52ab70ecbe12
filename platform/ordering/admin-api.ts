import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import {
  metadataView,
  type OptionSetWithItems,
  orderView,
  sectionItemView,
  storeView,
  voucherSummaryView,
  voucherView,
  zoneView,
} from "#platform/ordering/admin-views.ts";
import { OrderingError } from "#platform/ordering/errors.ts";
import type { OrderActionOutcome, OrderActions } from "#platform/ordering/orders/action-port.ts";
import { orderLinkKey } from "#platform/ordering/orders/confirmation.ts";
import { firstEnabledZone, storeById } from "#platform/ordering/restaurants.ts";
import {
  orderingCustomer,
  orderingMenu,
  orderingMenuItemMetadata,
  orderingMenuSection,
  orderingOptionSet,
  orderingOptionSetItem,
  orderingOrder,
  orderingSectionItem,
  orderingStore,
  orderingVoucher,
} from "#platform/ordering/schema.ts";
import { shopAccountRoutes } from "#platform/ordering/shop-accounts.ts";

export type OrderingAdminOptions = {
  db: Db;
  /** The bearer credential of administrative calls (`ORDERING_API_TOKEN`). */
  apiToken: string;
  /** The shop's white label: the only one whose vouchers this service answers. */
  whiteLabel: string;
  /**
   * The back office's order flow (accept, reject, dispatch, refund), wired by the server; without
   * it the order actions are not served.
   */
  orderActions?: OrderActions;
  /** The clock of the order actions; injectable for tests. */
  now?: () => Date;
};

/** Flipdish's largest voucher summaries page (spec §9 asks for 500). */
export const MAX_VOUCHER_PAGE_SIZE = 500;
const DEFAULT_VOUCHER_PAGE_SIZE = 20;

const ADMIN_MESSAGES = {
  unauthorized: "Authentification requise : jeton d'accès manquant ou invalide.",
  storeNotFound: "Ce magasin est introuvable.",
  menuNotFound: "Ce menu est introuvable.",
  itemNotFound: "Ce produit est introuvable dans cette rubrique du menu.",
  voucherNotFound: "Ce code promo est introuvable.",
  orderNotFound: "Cette commande est introuvable.",
  whiteLabelNotFound: "Cette marque est introuvable.",
  invalidId: "Cet identifiant n'est pas valide.",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  invalidBody: "Le corps de la requête n'est pas valide.",
  invalidPageSize: `pageSize doit être un entier de 1 à ${MAX_VOUCHER_PAGE_SIZE}.`,
  invalidPage: "page doit être un entier positif.",
  invalidRefundAmount: "RefundAmount doit être un montant positif en euros, au centime près.",
  invalidIdempotencyKey: "L'en-tête Idempotency-Key doit faire de 1 à 200 caractères.",
} as const;

/** Flipdish's reasons for rejecting an order (`Reject.RejectReasonEnum`), as the history reads them. */
export const REJECT_REASONS = {
  TooBusy: "trop de commandes",
  FoodUnavailable: "produit indisponible",
  UnableToDeliver: "livraison impossible",
  UnknownAddress: "adresse introuvable",
  UnknownReason: "non précisé",
  TooSoon: "délai trop court",
  TimeUnavailable: "horaire indisponible",
  DontDeliverToArea: "hors zone de livraison",
  StoreUncontactable: "magasin injoignable",
} as const;

type RejectReason = keyof typeof REJECT_REASONS;
const REJECT_REASON_NAMES = Object.keys(REJECT_REASONS) as [RejectReason, ...RejectReason[]];

/**
 * The ordering service's administrative API (ordering-and-server.md §7), mounted inside
 * `/ordering` by `http.ts`: menu section items, per-store menu item metadata, a store's delivery
 * zone, vouchers and orders, plus the stores and menus the shop's own `/api/flipdish/*` routes
 * read. Every call needs `Authorization: Bearer <ORDERING_API_TOKEN>`; answers are Flipdish's
 * `{ Data: … }`, refusals `{ Success: false, UserMessage, Code }`.
 */
export function orderingAdminRoutes(options: OrderingAdminOptions) {
  const { db, whiteLabel } = options;
  const now = options.now ?? (() => new Date());
  const expected = digest(options.apiToken);
  const api = new Hono();

  api.onError((error, c) => {
    if (!(error instanceof OrderingError)) throw error;
    return c.json(
      { Success: false, UserMessage: error.message, Code: error.code, ...error.details },
      error.status,
    );
  });

  api.use("/api/v1.0/*", async (c, next) => {
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "");
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new OrderingError("unauthorized", ADMIN_MESSAGES.unauthorized);
    }
    await next();
  });

  // Phones linked to shop accounts (shop-accounts.ts), behind the same bearer check.
  api.route("/", shopAccountRoutes({ db, linkSecret: options.apiToken, now }));

  api.get("/api/v1.0/stores", async (c) => {
    const stores = await db.select().from(orderingStore).orderBy(asc(orderingStore.id));
    return c.json({ Data: stores.map(storeView), TotalRecordCount: stores.length });
  });

  api.get("/api/v1.0/stores/:storeId", async (c) => {
    const store = await requireStore(db, idParam(c, "storeId"));
    return c.json({ Data: storeView(store) });
  });

  api.get("/api/v1.0/stores/:storeId/deliveryzones", async (c) => {
    const store = await requireStore(db, idParam(c, "storeId"));
    // The first enabled zone only (spec §7), in Flipdish's list envelope: a client written for
    // the hosted service, which takes the first enabled zone of `Data`, reads the same zone.
    const zone = await firstEnabledZone(db, store.id);
    return c.json({ Data: zone ? [zoneView(zone, store)] : [] });
  });

  api.get("/api/v1.0/menus/:menuId", async (c) => {
    const menu = await requireMenu(db, idParam(c, "menuId"));
    return c.json({ Data: await menuView(db, menu) });
  });

  const itemPath = "/api/v1.0/menus/:menuId/sections/:sectionId/sectionitems/:itemId";
  api.get(itemPath, async (c) => {
    const item = await requireSectionItem(db, itemParams(c));
    return c.json({ Data: await sectionItemWithOptions(db, item) });
  });

  api.post(itemPath, async (c) => {
    const params = itemParams(c);
    const change = parseBody(sectionItemChange, await readJson(c));
    if (change.MenuItemId !== undefined && change.MenuItemId !== params.itemId) {
      throw badRequest("MenuItemId", "MenuItemId ne correspond pas à l'adresse.");
    }
    const data = await db.transaction(async (tx) => {
      await requireSectionItem(tx, params);
      const [item] = await tx
        .update(orderingSectionItem)
        .set({ ...sectionItemColumns(change), updatedAt: sql`now()` })
        .where(eq(orderingSectionItem.id, params.itemId))
        .returning();
      return sectionItemWithOptions(tx, requireRow(item, ADMIN_MESSAGES.itemNotFound));
    });
    return c.json({ Data: data });
  });

  api.delete(itemPath, async (c) => {
    const params = itemParams(c);
    const data = await db.transaction(async (tx) => {
      const item = await requireSectionItem(tx, params);
      const view = await sectionItemWithOptions(tx, item);
      await tx.delete(orderingSectionItem).where(eq(orderingSectionItem.id, item.id));
      return view;
    });
    return c.json({ Success: true, Data: data });
  });

  api.put("/api/v1.0/menus/:menuId/menuitem/:itemId/metadata/store/:storeId", async (c) => {
    const menuId = idParam(c, "menuId");
    const itemId = idParam(c, "itemId");
    const storeId = idParam(c, "storeId");
    const { Key, Value } = parseBody(metadataInput, await readJson(c));
    const row = await db.transaction(async (tx) => {
      await requireStore(tx, storeId);
      await requireMenuItem(tx, menuId, itemId);
      const [saved] = await tx
        .insert(orderingMenuItemMetadata)
        .values({ menuId, menuItemId: itemId, storeId, key: Key, value: Value })
        .onConflictDoUpdate({
          target: [
            orderingMenuItemMetadata.menuItemId,
            orderingMenuItemMetadata.storeId,
            orderingMenuItemMetadata.key,
          ],
          set: { value: Value, updatedAt: sql`now()` },
        })
        .returning();
      return requireRow(saved, ADMIN_MESSAGES.itemNotFound);
    });
    return c.json({ Data: metadataView(row) });
  });

  api.get("/api/v1.0/menus/:menuId/metadata/store/:storeId", async (c) => {
    const menu = await requireMenu(db, idParam(c, "menuId"));
    const store = await requireStore(db, idParam(c, "storeId"));
    const rows = await db
      .select()
      .from(orderingMenuItemMetadata)
      .where(
        and(
          eq(orderingMenuItemMetadata.menuId, menu.id),
          eq(orderingMenuItemMetadata.storeId, store.id),
        ),
      )
      .orderBy(asc(orderingMenuItemMetadata.menuItemId), asc(orderingMenuItemMetadata.key));
    return c.json({
      Data: { MenuId: menu.id, StoreId: store.id, MenuItemMetadata: rows.map(metadataView) },
    });
  });

  api.get("/api/v1.0/:whiteLabel/vouchers/summaries", async (c) => {
    if (c.req.param("whiteLabel") !== whiteLabel) {
      throw new OrderingError("not_found", ADMIN_MESSAGES.whiteLabelNotFound);
    }
    const pageSize = queryInt(c, "pageSize", DEFAULT_VOUCHER_PAGE_SIZE, MAX_VOUCHER_PAGE_SIZE);
    const page = queryInt(c, "page", 1, Number.MAX_SAFE_INTEGER);
    const mine = eq(orderingVoucher.whiteLabel, whiteLabel);
    const [total] = await db.select({ count: count() }).from(orderingVoucher).where(mine);
    const vouchers = await db
      .select()
      .from(orderingVoucher)
      .where(mine)
      .orderBy(asc(orderingVoucher.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return c.json({
      Page: page,
      Limit: pageSize,
      TotalRecordCount: total?.count ?? 0,
      Data: vouchers.map(voucherSummaryView),
    });
  });

  api.get("/api/v1.0/vouchers/:id", async (c) => {
    const [voucher] = await db
      .select()
      .from(orderingVoucher)
      .where(
        and(eq(orderingVoucher.id, idParam(c, "id")), eq(orderingVoucher.whiteLabel, whiteLabel)),
      );
    if (!voucher) throw new OrderingError("not_found", ADMIN_MESSAGES.voucherNotFound);
    return c.json({ Data: voucherView(voucher) });
  });

  api.get("/api/v1.0/orders/:id", async (c) => {
    const [found] = await db
      .select({ order: orderingOrder, store: orderingStore, customer: orderingCustomer })
      .from(orderingOrder)
      .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
      .innerJoin(orderingCustomer, eq(orderingCustomer.id, orderingOrder.customerId))
      .where(eq(orderingOrder.id, idParam(c, "id")));
    if (!found) throw new OrderingError("not_found", ADMIN_MESSAGES.orderNotFound);
    // The key of the order's confirmation links (the SMS and email): the storefront lets
    // whoever holds the link see the order and its receipt.
    return c.json({
      Data: {
        ...orderView(found.order, found.store, found.customer),
        LinkKey: orderLinkKey(options.apiToken, found.order.id),
      },
    });
  });

  const actions = options.orderActions;
  if (actions) {
    // Flipdish's `OrdersApi` actions: an empty 200 when done, its error shape when refused.
    api.post("/api/v1.0/orders/:id/accept", async (c) => {
      const orderId = idParam(c, "id");
      const { EstimatedMinutesForDelivery: minutes } = parseBody(
        acceptInput,
        await readJson(c, {}),
      );
      const note = minutes === undefined ? undefined : `Délai annoncé : ${minutes} min`;
      return actionAnswer(
        c,
        await actions.changeStatus({ orderId, to: "Accepted", note, notify: true, now: now() }),
      );
    });

    api.post("/api/v1.0/orders/:id/reject", async (c) => {
      const orderId = idParam(c, "id");
      const body = parseBody(rejectInput, await readJson(c));
      const reason =
        typeof body.RejectReason === "number"
          ? (REJECT_REASON_NAMES[body.RejectReason] as RejectReason)
          : body.RejectReason;
      return actionAnswer(
        c,
        await actions.changeStatus({
          orderId,
          to: "Rejected",
          note: `Motif : ${REJECT_REASONS[reason]}`,
          notify: body.DoNotNotifyCustomer !== true,
          now: now(),
        }),
      );
    });

    api.post("/api/v1.0/orders/:id/dispatch", async (c) => {
      const orderId = idParam(c, "id");
      return actionAnswer(
        c,
        await actions.changeStatus({ orderId, to: "Dispatched", notify: true, now: now() }),
      );
    });

    api.post("/api/v1.0/orders/:id/refund", async (c) => {
      const orderId = idParam(c, "id");
      const body = parseBody(refundInput, await readJson(c));
      const amountCents = Math.round(body.RefundAmount * 100);
      if (Math.abs(amountCents - body.RefundAmount * 100) > 1e-6 || amountCents <= 0) {
        throw badRequest("RefundAmount", ADMIN_MESSAGES.invalidRefundAmount);
      }
      // Flipdish's refund has no key of its own: a client that may retry sends one, else each
      // call is a refund of its own.
      const key = c.req.header("idempotency-key") ?? randomUUID();
      if (key.length < 1 || key.length > 200) {
        throw badRequest("Idempotency-Key", ADMIN_MESSAGES.invalidIdempotencyKey);
      }
      return actionAnswer(
        c,
        await actions.refund({
          orderId,
          amountCents,
          idempotencyKey: `ordering-api:order-${orderId}:${key}`,
          reason: body.RefundReason?.trim() || undefined,
          notify: body.NotifyCustomer !== false,
          now: now(),
        }),
      );
    });
  }

  return api;
}

/** Flipdish answers a done order action with an empty 200; a refusal in its error shape. */
function actionAnswer(c: Context, outcome: OrderActionOutcome): Response {
  if (outcome.ok) return c.body(null, 200);
  switch (outcome.reason) {
    case "not_found":
      throw new OrderingError("not_found", ADMIN_MESSAGES.orderNotFound);
    case "transition":
      throw new OrderingError("invalid_transition", outcome.message);
    case "refund":
      throw new OrderingError("refund_refused", outcome.message, { Reason: outcome.code });
    default:
      throw new OrderingError("bad_request", outcome.message);
  }
}

const acceptInput = z
  .object({ EstimatedMinutesForDelivery: z.number().int().min(0).max(1440).optional() })
  .strict();

const rejectInput = z
  .object({
    RejectReason: z.union([
      z.enum(REJECT_REASON_NAMES),
      z
        .number()
        .int()
        .min(0)
        .max(REJECT_REASON_NAMES.length - 1),
    ]),
    DoNotNotifyCustomer: z.boolean().optional(),
  })
  .strict();

const refundInput = z
  .object({
    RefundReason: z.string().max(500).optional(),
    RefundAmount: z.number().positive().max(1_000_000),
    NotifyCustomer: z.boolean().optional(),
  })
  .strict();

/** Tokens are compared as SHA-256 digests, so the comparison takes the same time at any length. */
const digest = (token: string) => createHash("sha256").update(token).digest();

const badRequest = (field: string, message: string) =>
  new OrderingError("bad_request", message, { Field: field });

/** A path id: a positive 32-bit integer, else 400. */
function idParam(c: Context, name: string): number {
  const text = c.req.param(name) ?? "";
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(id <= 2_147_483_647)) throw badRequest(name, ADMIN_MESSAGES.invalidId);
  return id;
}

type ItemParams = { menuId: number; sectionId: number; itemId: number };

function itemParams(c: Context): ItemParams {
  return {
    menuId: idParam(c, "menuId"),
    sectionId: idParam(c, "sectionId"),
    itemId: idParam(c, "itemId"),
  };
}

function queryInt(c: Context, name: string, fallback: number, max: number): number {
  const text = c.req.query(name);
  if (text === undefined) return fallback;
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= max)) {
    const message =
      name === "pageSize" ? ADMIN_MESSAGES.invalidPageSize : ADMIN_MESSAGES.invalidPage;
    throw badRequest(name, message);
  }
  return value;
}

/**
 * The body as JSON, whatever its content type: Flipdish's clients send `text/json`, which Hono's
 * own body parsing does not take for JSON.
 */
async function readJson(c: Context, whenEmpty?: unknown): Promise<unknown> {
  const text = await c.req.text();
  if (whenEmpty !== undefined && text.trim() === "") return whenEmpty;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("body", ADMIN_MESSAGES.invalidJson);
  }
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") || "body";
  throw badRequest(field, `${ADMIN_MESSAGES.invalidBody} ${field} : ${issue?.message ?? ""}`);
}

/** What a section item update may change; `MenuItemId`, when sent, must be the path's. */
const sectionItemChange = z
  .object({
    MenuItemId: z.number().int().optional(),
    Name: z.string().trim().min(1).max(200).optional(),
    Description: z.string().max(2000).optional(),
    Price: z.number().nonnegative().max(100_000).optional(),
    ImageUrl: z.string().max(2000).nullable().optional(),
    IsAvailable: z.boolean().optional(),
    Alcohol: z.boolean().optional(),
    DisplayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

function sectionItemColumns(change: z.infer<typeof sectionItemChange>) {
  return {
    ...(change.Name !== undefined && { name: change.Name }),
    ...(change.Description !== undefined && { description: change.Description }),
    ...(change.Price !== undefined && { priceCents: Math.round(change.Price * 100) }),
    ...(change.ImageUrl !== undefined && { imageUrl: change.ImageUrl }),
    ...(change.IsAvailable !== undefined && { isAvailable: change.IsAvailable }),
    ...(change.Alcohol !== undefined && { alcohol: change.Alcohol }),
    ...(change.DisplayOrder !== undefined && { position: change.DisplayOrder }),
  };
}

const metadataInput = z
  .object({
    Key: z.string().trim().min(1).max(100),
    Value: z.string().max(2000),
  })
  .strict();

function requireRow<T>(row: T | undefined, message: string): T {
  if (row === undefined) throw new OrderingError("not_found", message);
  return row;
}

async function requireStore(db: Db | Tx, id: number) {
  return requireRow((await storeById(db, id)) ?? undefined, ADMIN_MESSAGES.storeNotFound);
}

async function requireMenu(db: Db | Tx, id: number) {
  const [menu] = await db.select().from(orderingMenu).where(eq(orderingMenu.id, id));
  return requireRow(menu, ADMIN_MESSAGES.menuNotFound);
}

async function findItem(db: Db | Tx, where: SQL | undefined) {
  const [found] = await db
    .select({ item: orderingSectionItem })
    .from(orderingSectionItem)
    .innerJoin(orderingMenuSection, eq(orderingMenuSection.id, orderingSectionItem.sectionId))
    .where(where);
  return requireRow(found?.item, ADMIN_MESSAGES.itemNotFound);
}

/** The item, if it sits in that section of that menu. */
function requireSectionItem(db: Db | Tx, { menuId, sectionId, itemId }: ItemParams) {
  return findItem(
    db,
    and(
      eq(orderingSectionItem.id, itemId),
      eq(orderingSectionItem.sectionId, sectionId),
      eq(orderingMenuSection.menuId, menuId),
    ),
  );
}

/** The item, if it sits in any section of that menu. */
function requireMenuItem(db: Db | Tx, menuId: number, itemId: number) {
  return findItem(
    db,
    and(eq(orderingSectionItem.id, itemId), eq(orderingMenuSection.menuId, menuId)),
  );
}

/** The option sets (with their choices) of these menu items, by item id, in display order. */
async function optionSetsOf(db: Db | Tx, itemIds: number[]) {
  const byItem = new Map<number, OptionSetWithItems[]>();
  if (itemIds.length === 0) return byItem;
  const sets = await db
    .select()
    .from(orderingOptionSet)
    .where(inArray(orderingOptionSet.menuItemId, itemIds))
    .orderBy(asc(orderingOptionSet.position), asc(orderingOptionSet.id));
  const choices =
    sets.length === 0
      ? []
      : await db
          .select()
          .from(orderingOptionSetItem)
          .where(
            inArray(
              orderingOptionSetItem.optionSetId,
              sets.map((set) => set.id),
            ),
          )
          .orderBy(asc(orderingOptionSetItem.position), asc(orderingOptionSetItem.id));
  for (const set of sets) {
    const withItems = { ...set, items: choices.filter((choice) => choice.optionSetId === set.id) };
    byItem.set(set.menuItemId, [...(byItem.get(set.menuItemId) ?? []), withItems]);
  }
  return byItem;
}

async function sectionItemWithOptions(db: Db | Tx, item: typeof orderingSectionItem.$inferSelect) {
  const sets = await optionSetsOf(db, [item.id]);
  return sectionItemView(item, sets.get(item.id) ?? []);
}

async function menuView(db: Db | Tx, menu: typeof orderingMenu.$inferSelect) {
  const sections = await db
    .select()
    .from(orderingMenuSection)
    .where(eq(orderingMenuSection.menuId, menu.id))
    .orderBy(asc(orderingMenuSection.position), asc(orderingMenuSection.id));
  const items =
    sections.length === 0
      ? []
      : await db
          .select()
          .from(orderingSectionItem)
          .where(
            inArray(
              orderingSectionItem.sectionId,
              sections.map((section) => section.id),
            ),
          )
          .orderBy(asc(orderingSectionItem.position), asc(orderingSectionItem.id));
  const sets = await optionSetsOf(
    db,
    items.map((item) => item.id),
  );
  return {
    MenuId: menu.id,
    Name: menu.name,
    MenuSections: sections.map((section) => ({
      MenuSectionId: section.id,
      Name: section.name,
      Description: section.description,
      IsAvailable: section.isAvailable,
      DisplayOrder: section.position,
      MenuItems: items
        .filter((item) => item.sectionId === section.id)
        .map((item) => sectionItemView(item, sets.get(item.id) ?? [])),
    })),
  };
}
