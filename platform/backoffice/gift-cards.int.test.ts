import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import {
  adjustGiftCard,
  changeGiftCardEnabled,
  creditGiftCardsOnCancel,
  findGiftCards,
  GIFT_CARD_OFFICE_MESSAGES,
  type GiftCardInput,
  giftCardDetail,
  issueGiftCard,
  readAdjustmentForm,
  readGiftCardForm,
} from "#platform/backoffice/gift-cards.ts";
import { changeOrderStatus } from "#platform/backoffice/orders/order-actions.ts";
import { orderDetail } from "#platform/backoffice/orders/orders.ts";
import { createStaff, listStaff, type Staff } from "#platform/backoffice/staff.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import {
  commerceGiftCard,
  commerceGiftCardMovement,
  commerceOrder,
} from "#platform/commerce/tables.ts";
import { listOutbox } from "#platform/notify/index.ts";

/**
 * Gift cards from the office (issue 21): issued with a generated or typed code shown once,
 * bounded values, unique codes; found by their last characters, whole code or note, filtered by
 * state on a fixed Paris day; read with their movements; disabled; adjusted never below zero,
 * also when two adjustments race; credited back once when an order they paid is cancelled. Then
 * the screens through the composed server: operators issue and manage cards, editors get 403.
 */
const ADMIN = { email: "direction@comptoir.test", password: "un mot de passe solide" };
const OPERATOR = { email: "olivia@comptoir.test", password: "un autre mot de passe" };
const EDITOR = { email: "eric@comptoir.test", password: "encore un mot de passe" };
const SCREEN = "/middleware/gift-cards/";
/** A fixed clock: 15 January 2026, 10:00 in Paris. */
const NOW = new Date("2026-01-15T09:00:00.000Z");

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let request: TestRequest;
let operator: { cookie: string; csrf: string };
let editor: { cookie: string; csrf: string };
let actor: Staff;

beforeAll(async () => {
  database = await createAdminTestDatabase(ADMIN);
  const [admin] = await listStaff(database.db);
  if (!admin) throw new Error("no administrator");
  actor = await createStaff(database.db, { name: "Olivia", role: "operator", ...OPERATOR }, admin);
  await createStaff(database.db, { name: "Éric", role: "editor", ...EDITOR }, admin);
  server = await composeSignedInServer(database, ADMIN);
  request = server.request;
  operator = await signInStaff(request, OPERATOR);
  editor = await signInStaff(request, EDITOR);
}, 180_000);

afterAll(() => closeTestServer(server, database));

const input = (fields: Partial<GiftCardInput> = {}): GiftCardInput => ({
  valueCents: 5000,
  code: null,
  expiresOn: null,
  note: "Anniversaire de Marie",
  ...fields,
});

async function issue(fields: Partial<GiftCardInput> = {}, now = NOW) {
  const issued = await issueGiftCard(database.db, actor, input(fields), now);
  if (!issued.ok) throw new Error(JSON.stringify(issued.errors));
  return issued;
}

const cardCount = async () =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(commerceGiftCard))[0]?.n;

async function balanceOf(id: number) {
  const [card] = await database.db
    .select({ balance: commerceGiftCard.balanceCents })
    .from(commerceGiftCard)
    .where(eq(commerceGiftCard.id, id));
  const [sum] = await database.db
    .select({ total: sql<number>`coalesce(sum(${commerceGiftCardMovement.amountCents}), 0)::int` })
    .from(commerceGiftCardMovement)
    .where(eq(commerceGiftCardMovement.giftCardId, id));
  // The balance is always the sum of the card's movements.
  expect(card?.balance).toBe(sum?.total);
  return card?.balance;
}

let orders = 0;

/** A grocery order paid (in part) by a card, as the checkout leaves it: spent movement, balance down. */
async function orderPaidWith(cardId: number, spentCents: number) {
  const [order] = await database.db
    .insert(commerceOrder)
    .values({
      statusKey: `gift-${++orders}`,
      email: "camille@example.com",
      processedAt: NOW,
      financialStatus: "PAID",
      subtotalCents: 8000,
      totalTaxCents: 0,
      totalCents: 8000,
      deliveryMethod: "Retrait au comptoir",
    })
    .returning({ id: commerceOrder.id, number: commerceOrder.orderNumber });
  if (!order) throw new Error("no order");
  await database.db
    .update(commerceGiftCard)
    .set({ balanceCents: sql`${commerceGiftCard.balanceCents} - ${spentCents}` })
    .where(eq(commerceGiftCard.id, cardId));
  await database.db.insert(commerceGiftCardMovement).values({
    giftCardId: cardId,
    kind: "spent",
    amountCents: -spentCents,
    orderId: order.id,
    createdAt: NOW,
  });
  return order;
}

describe("issuing a gift card", () => {
  it("generates a code shown once in groups of four, keeps only its hash, logs without it", async () => {
    const issued = await issue();
    expect(issued.code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
    const plain = issued.code.replaceAll("-", "");
    const [row] = await database.db
      .select()
      .from(commerceGiftCard)
      .where(eq(commerceGiftCard.id, issued.card.id));
    expect(row).toMatchObject({
      lastCharacters: plain.slice(-4),
      initialValueCents: 5000,
      balanceCents: 5000,
      expiresOn: null,
      enabled: true,
      note: "Anniversaire de Marie",
      createdBy: OPERATOR.email,
    });
    expect(JSON.stringify(row)).not.toContain(plain);
    expect(issued.card.masked).toBe(`•••• ${plain.slice(-4)}`);
    const movements = await database.db
      .select()
      .from(commerceGiftCardMovement)
      .where(eq(commerceGiftCardMovement.giftCardId, issued.card.id));
    expect(movements).toMatchObject([{ kind: "issued", amountCents: 5000, staff: OPERATOR.email }]);
    const log = await readChangeLog(database.db, { subject: issued.card.ref });
    expect(log.lines).toMatchObject([
      { action: "gift-card-issue", subjectType: "gift-card", staffEmail: OPERATOR.email },
    ]);
    expect(JSON.stringify(log.lines)).not.toContain(plain);
  });

  it("takes a code typed by the office, in any case, with spaces or dashes", async () => {
    const read = readGiftCardForm(
      { value: "25,50", code: " noel-2026 marie ", expiresOn: "2026-12-31", note: "Noël" },
      NOW,
    );
    expect(read).toEqual({
      ok: true,
      input: { valueCents: 2550, code: "NOEL2026MARIE", expiresOn: "2026-12-31", note: "Noël" },
    });
    if (!read.ok) return;
    const issued = await issue(read.input);
    expect(issued.code).toBe("NOEL-2026-MARI-E");
    expect(issued.card).toMatchObject({ lastCharacters: "ARIE", expiresOn: "2026-12-31" });
  });

  it("refuses values out of 5 € – 1 000 €, malformed codes, past days and a missing note", () => {
    const form = { value: "50", code: "", expiresOn: "", note: "Pour Paul" };
    const errors = (values: Partial<typeof form>) => {
      const read = readGiftCardForm({ ...form, ...values }, NOW);
      return read.ok ? {} : read.errors;
    };
    expect(errors({ value: "4,99" })).toEqual({ value: GIFT_CARD_OFFICE_MESSAGES.value });
    expect(errors({ value: "1000,01" })).toEqual({ value: GIFT_CARD_OFFICE_MESSAGES.value });
    expect(errors({ value: "cinquante" })).toEqual({ value: GIFT_CARD_OFFICE_MESSAGES.value });
    expect(errors({ value: "5" })).toEqual({});
    expect(errors({ value: "1 000,00" })).toEqual({});
    expect(errors({ code: "ABC-123" })).toEqual({ code: GIFT_CARD_OFFICE_MESSAGES.code });
    expect(errors({ code: "CAFÉ-CADEAU-2026" })).toEqual({ code: GIFT_CARD_OFFICE_MESSAGES.code });
    expect(errors({ code: "A".repeat(21) })).toEqual({ code: GIFT_CARD_OFFICE_MESSAGES.code });
    expect(errors({ expiresOn: "2026-02-30" })).toEqual({
      expiresOn: GIFT_CARD_OFFICE_MESSAGES.expiresOn,
    });
    // The last day it can be spent may be today in Paris, not yesterday.
    expect(errors({ expiresOn: "2026-01-15" })).toEqual({});
    expect(errors({ expiresOn: "2026-01-14" })).toEqual({
      expiresOn: GIFT_CARD_OFFICE_MESSAGES.expiresOnPast,
    });
    expect(errors({ note: "  " })).toEqual({ note: GIFT_CARD_OFFICE_MESSAGES.noteMissing });
    expect(errors({ note: "x".repeat(201) })).toEqual({
      note: GIFT_CARD_OFFICE_MESSAGES.noteLength,
    });
  });

  it("refuses a code another card has, however it is typed, and writes nothing", async () => {
    const before = await cardCount();
    const again = await issueGiftCard(database.db, actor, input({ code: "NOEL2026MARIE" }), NOW);
    expect(again).toEqual({ ok: false, errors: { code: GIFT_CARD_OFFICE_MESSAGES.codeTaken } });
    expect(await cardCount()).toBe(before);
  });
});

describe("finding gift cards", () => {
  let expiring: Awaited<ReturnType<typeof issue>>;
  let used: Awaited<ReturnType<typeof issue>>;
  let disabled: Awaited<ReturnType<typeof issue>>;

  beforeAll(async () => {
    expiring = await issue({ code: "FIN-JANVIER-2026", expiresOn: "2026-01-31", note: "Léa" });
    used = await issue({ code: "DEJA-TOUT-DEPENSE", valueCents: 1000, note: "Hugo" });
    await adjustGiftCard(
      database.db,
      actor,
      used.card.id,
      { amountCents: -1000, reason: "Test" },
      NOW,
    );
    disabled = await issue({ code: "PERDUE-PAR-SIMON", note: "Simon (carte perdue)" });
    await changeGiftCardEnabled(database.db, actor, disabled.card.id, false, NOW);
  });

  const ids = async (query: Parameters<typeof findGiftCards>[1], now = NOW) =>
    (await findGiftCards(database.db, query, now)).cards.map((card) => card.id);

  it("by their last characters, their whole code (by its hash) or a word of the note", async () => {
    expect(await ids({ search: "2026" })).toEqual([expiring.card.id]);
    expect(await ids({ search: "•••• 2026" })).toEqual([expiring.card.id]);
    expect(await ids({ search: "fin janvier 2026" })).toEqual([expiring.card.id]);
    expect(await ids({ search: "fin-janvier-2025" })).toEqual([]);
    expect(await ids({ search: "simon" })).toEqual([disabled.card.id]);
  });

  it("by state on the Paris day: active, used up, expired, disabled", async () => {
    const active = await ids({ status: "active" });
    expect(active).toContain(expiring.card.id);
    expect(active).not.toContain(used.card.id);
    expect(active).not.toContain(disabled.card.id);
    expect(await ids({ status: "used" })).toEqual([used.card.id]);
    expect(await ids({ status: "disabled" })).toEqual([disabled.card.id]);
    expect(await ids({ status: "expired" })).toEqual([]);
    // 31 January is its last day; 1 February in Paris begins at 23:00 UTC the day before.
    expect(await ids({ status: "expired" }, new Date("2026-01-31T22:59:00Z"))).toEqual([]);
    expect(await ids({ status: "expired" }, new Date("2026-01-31T23:00:00Z"))).toEqual([
      expiring.card.id,
    ]);
  });

  it("newest first, a page at a time", async () => {
    const all = await ids({});
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const first = await findGiftCards(database.db, {}, NOW, 2);
    expect(first.cards.map((card) => card.id)).toEqual(all.slice(0, 2));
    const second = await findGiftCards(database.db, { before: first.next ?? undefined }, NOW, 2);
    expect(second.cards.map((card) => card.id)).toEqual(all.slice(2, 4));
  });
});

describe("a card's detail, disabling and adjusting", () => {
  it("lists its movements newest first, with the order each one paid", async () => {
    const { card } = await issue({ valueCents: 6000, note: "Détail" });
    const order = await orderPaidWith(card.id, 2000);
    await adjustGiftCard(database.db, actor, card.id, { amountCents: 500, reason: "Geste" }, NOW);
    const detail = await giftCardDetail(database.db, card.id, NOW);
    expect(detail?.card).toMatchObject({ balanceCents: 4500, status: "active" });
    expect(detail?.movements).toMatchObject([
      { kind: "adjusted", amountCents: 500, reason: "Geste", staff: OPERATOR.email },
      {
        kind: "spent",
        amountCents: -2000,
        orderId: order.id,
        orderNumber: order.number,
        orderRef: `epicerie-${order.id}`,
        staff: null,
      },
      { kind: "issued", amountCents: 6000, orderRef: null },
    ]);
    expect(await giftCardDetail(database.db, 999_999, NOW)).toBeNull();
  });

  it("disables and enables a card, each change logged once", async () => {
    const { card } = await issue({ note: "À désactiver" });
    expect(await changeGiftCardEnabled(database.db, actor, card.id, false, NOW)).toMatchObject({
      enabled: false,
      status: "disabled",
    });
    await changeGiftCardEnabled(database.db, actor, card.id, false, NOW);
    await changeGiftCardEnabled(database.db, actor, card.id, true, NOW);
    const log = await readChangeLog(database.db, { subject: card.ref });
    expect(log.lines.map((line) => line.action)).toEqual([
      "gift-card-enable",
      "gift-card-disable",
      "gift-card-issue",
    ]);
    expect(await changeGiftCardEnabled(database.db, actor, 999_999, false, NOW)).toBeUndefined();
  });

  it("reads an adjustment: signed euros, a reason", () => {
    expect(readAdjustmentForm({ amount: "-12,50", reason: " Erreur de caisse " })).toEqual({
      ok: true,
      input: { amountCents: -1250, reason: "Erreur de caisse" },
    });
    expect(readAdjustmentForm({ amount: "+10", reason: "Geste" })).toMatchObject({
      input: { amountCents: 1000 },
    });
    expect(readAdjustmentForm({ amount: "0", reason: "" })).toEqual({
      ok: false,
      errors: {
        amount: GIFT_CARD_OFFICE_MESSAGES.amount,
        reason: GIFT_CARD_OFFICE_MESSAGES.reasonMissing,
      },
    });
    expect(readAdjustmentForm({ amount: "1000,01", reason: "x" })).toMatchObject({ ok: false });
  });

  it("never takes a balance below zero, and writes nothing when refused", async () => {
    const { card } = await issue({ valueCents: 2000, note: "Sous zéro" });
    const refused = await adjustGiftCard(
      database.db,
      actor,
      card.id,
      { amountCents: -2001, reason: "Trop" },
      NOW,
    );
    expect(refused).toEqual({
      ok: false,
      errors: { amount: GIFT_CARD_OFFICE_MESSAGES.belowZero(2000) },
    });
    expect(await balanceOf(card.id)).toBe(2000);
    const emptied = await adjustGiftCard(
      database.db,
      actor,
      card.id,
      { amountCents: -2000, reason: "Remboursée en espèces" },
      NOW,
    );
    expect(emptied).toMatchObject({ ok: true, card: { balanceCents: 0, status: "used" } });
    expect(await balanceOf(card.id)).toBe(0);
    const log = await readChangeLog(database.db, { subject: card.ref });
    expect(log.lines[0]).toMatchObject({
      action: "gift-card-adjust",
      changes: expect.arrayContaining([
        { field: "balanceCents", before: 2000, after: 0 },
        { field: "reason", before: undefined, after: "Remboursée en espèces" },
      ]),
    });
  });

  it("lets only one of two adjustments racing for the same euros through", async () => {
    const { card } = await issue({ valueCents: 5000, note: "Course" });
    const take = () =>
      adjustGiftCard(database.db, actor, card.id, { amountCents: -3000, reason: "Course" }, NOW);
    const results = await Promise.all([take(), take(), take()]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await balanceOf(card.id)).toBe(2000);
  });
});

describe("cancelling an order paid by gift card", () => {
  it("credits back what each card paid, once, in the cancel's transaction", async () => {
    const a = await issue({ valueCents: 3000, note: "Carte A" });
    const b = await issue({ valueCents: 2000, note: "Carte B" });
    const order = await orderPaidWith(a.card.id, 3000);
    await database.db
      .update(commerceGiftCard)
      .set({ balanceCents: sql`${commerceGiftCard.balanceCents} - 1500` })
      .where(eq(commerceGiftCard.id, b.card.id));
    await database.db.insert(commerceGiftCardMovement).values({
      giftCardId: b.card.id,
      kind: "spent",
      amountCents: -1500,
      orderId: order.id,
      createdAt: NOW,
    });
    const ref = { kind: "grocery" as const, id: order.id };
    const before = await orderDetail(database.db, ref);
    expect(before?.giftCards).toEqual([
      {
        giftCardId: a.card.id,
        lastCharacters: a.card.lastCharacters,
        spentCents: 3000,
        refundedCents: 0,
      },
      {
        giftCardId: b.card.id,
        lastCharacters: b.card.lastCharacters,
        spentCents: 1500,
        refundedCents: 0,
      },
    ]);

    expect(await changeOrderStatus(database.db, actor, ref, "cancelled", NOW)).toEqual({
      ok: true,
    });
    expect(await balanceOf(a.card.id)).toBe(3000);
    expect(await balanceOf(b.card.id)).toBe(2000);
    const after = await orderDetail(database.db, ref);
    expect(after?.giftCards.map((card) => card.refundedCents)).toEqual([3000, 1500]);
    // The customer is told the cards were credited back.
    const [told] = await listOutbox(database.db, {
      to: "camille@example.com",
      kind: "order-status",
    });
    expect(JSON.stringify(told)).toContain("Nous recréditons 45,00");
    expect((await readChangeLog(database.db, { subject: a.card.ref })).lines[0]).toMatchObject({
      action: "gift-card-credit",
      changes: expect.arrayContaining([
        { field: "order", before: undefined, after: `epicerie-${order.id}` },
      ]),
    });

    // Cancelling again is refused by the order's flow, and a second credit finds nothing due.
    expect(await changeOrderStatus(database.db, actor, ref, "cancelled", NOW)).toMatchObject({
      ok: false,
    });
    const again = await database.db.transaction((tx) =>
      creditGiftCardsOnCancel(tx, actor, { id: order.id, ref: `epicerie-${order.id}` }, NOW),
    );
    expect(again).toBe(0);
    const credits = await database.db
      .select()
      .from(commerceGiftCardMovement)
      .where(
        and(
          eq(commerceGiftCardMovement.orderId, order.id),
          eq(commerceGiftCardMovement.kind, "refunded"),
        ),
      );
    expect(credits.map((credit) => credit.amountCents).sort()).toEqual([1500, 3000]);
    expect(await balanceOf(a.card.id)).toBe(3000);
  });

  it("credits nothing when the cancellation is refused", async () => {
    const { card } = await issue({ valueCents: 3000, note: "Refus" });
    const order = await orderPaidWith(card.id, 1000);
    const ref = { kind: "grocery" as const, id: order.id };
    await changeOrderStatus(database.db, actor, ref, "preparing", NOW);
    await changeOrderStatus(database.db, actor, ref, "ready", NOW);
    await changeOrderStatus(database.db, actor, ref, "delivered", NOW);
    expect(await changeOrderStatus(database.db, actor, ref, "cancelled", NOW)).toMatchObject({
      ok: false,
    });
    expect(await balanceOf(card.id)).toBe(2000);
  });
});

describe("the gift card screens", () => {
  const post = (path: string, fields: Record<string, string>, session = operator) =>
    request(path, formPost({ ...fields, _csrf: session.csrf }, { cookie: session.cookie }));
  const page = async (path: string, session = operator) =>
    request(path, { headers: { cookie: session.cookie } });

  it("issue a card and show its whole code once, never again", async () => {
    const answer = await post(SCREEN, {
      intent: "issue",
      value: "40",
      code: "",
      expiresOn: "",
      note: "Écran : cadeau de Jeanne",
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("Notez ce code : il ne sera plus affiché.");
    const code = /data-testid="gift-card-code">([A-Z0-9-]{19})</.exec(html)?.[1] ?? "";
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const found = await (await page(`${SCREEN}?q=${encodeURIComponent(code)}`)).text();
    expect(found).toContain("Écran : cadeau de Jeanne");
    for (const query of ["", `?q=${code.slice(-4)}`]) {
      const list = await (await page(`${SCREEN}${query}`)).text();
      expect(list).toContain("Écran : cadeau de Jeanne");
      expect(list).toContain(`•••• ${code.slice(-4)}`);
      expect(list).not.toContain(code);
      expect(list).not.toContain(code.replaceAll("-", ""));
    }
  });

  it("refuse bad input field by field in French, writing nothing", async () => {
    const before = await cardCount();
    const answer = await post(SCREEN, {
      intent: "issue",
      value: "2000",
      code: "abc",
      expiresOn: "2020-01-01",
      note: "",
    });
    const html = await answer.text();
    expect(html).toContain("La carte cadeau n&#x27;est pas émise : corrigez le formulaire.");
    expect(html).toContain("Écrivez un montant en euros de 5,00");
    expect(html).toContain("Le code compte de 8 à 20 lettres sans accent ou chiffres");
    expect(html).toContain("Cette date est déjà passée");
    expect(html).toContain("Indiquez pour qui est la carte, ou pourquoi elle est émise.");
    const taken = await post(SCREEN, {
      intent: "issue",
      value: "10",
      code: "noel 2026 marie",
      expiresOn: "",
      note: "Doublon",
    });
    expect(await taken.text()).toContain("Ce code est déjà celui d&#x27;une autre carte cadeau");
    expect(await cardCount()).toBe(before);
  });

  it("show a card's movements with its orders, disable it and adjust it", async () => {
    const { card } = await issue({ valueCents: 5000, note: "Écran : détail" });
    const order = await orderPaidWith(card.id, 1250);
    const path = `${SCREEN}${card.id}/`;
    const html = await (await page(path)).text();
    expect(html).toContain(`Carte cadeau ${card.masked}`);
    expect(html).toContain(`href="/middleware/orders/epicerie-${order.id}/"`);
    expect(html).toContain(`n° ${order.number}`);
    expect(html).toMatch(/37,50\u00a0€/);

    const disabled = await post(path, { intent: "disable" });
    expect(await disabled.text()).toContain(`La carte ${card.masked} est désactivée`);
    const tooMuch = await post(path, { intent: "adjust", amount: "-40", reason: "Erreur" });
    expect(await tooMuch.text()).toContain(
      "Le solde ne peut pas passer sous zéro : il reste 37,50",
    );
    const adjusted = await post(path, { intent: "adjust", amount: "-7,50", reason: "Erreur" });
    expect(await adjusted.text()).toContain("il reste 30,00");
    expect(await balanceOf(card.id)).toBe(3000);
    expect((await page(`${SCREEN}999999/`)).status).toBe(404);

    const orderPage = await (await page(`/middleware/orders/epicerie-${order.id}/`)).text();
    expect(orderPage).toContain(`Carte cadeau •••• ${card.lastCharacters}`);
    expect(orderPage).toMatch(/ : 12,50\u00a0€/);
  });

  it("stay closed to an editor: 403, nothing read or written", async () => {
    expect((await page(SCREEN, editor)).status).toBe(403);
    const before = await cardCount();
    const answer = await post(
      SCREEN,
      { intent: "issue", value: "50", code: "", expiresOn: "", note: "Éditeur" },
      editor,
    );
    expect(answer.status).toBe(403);
    expect(await cardCount()).toBe(before);
    const [first] = (await findGiftCards(database.db, {}, NOW)).cards;
    expect((await page(`${SCREEN}${first?.id}/`, editor)).status).toBe(403);
    const menu = await (await page("/middleware/dashboard/", editor)).text();
    expect(menu).not.toContain("Cartes cadeaux");
    expect(await (await page("/middleware/dashboard/")).text()).toContain("Cartes cadeaux");
  });
});
