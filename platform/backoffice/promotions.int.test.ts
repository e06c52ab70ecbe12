import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import { listPromotions, type Promotion } from "#platform/backoffice/promotions.ts";
import { createStaff, listStaff } from "#platform/backoffice/staff.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { commerceDiscountCode } from "#platform/commerce/tables.ts";
import { orderingVoucher } from "#platform/ordering/tables.ts";

/**
 * The promotions screen (issue 19, item 5) through the composed server: a manager creates,
 * changes, disables and enables the grocery's discount codes and the restaurant's vouchers;
 * bad input is refused on its field in French with nothing written; every change is logged;
 * operators open the screen, editors get 403.
 */
const ADMIN = { email: "direction@comptoir.test", password: "un mot de passe solide" };
const OPERATOR = { email: "olivia@comptoir.test", password: "un autre mot de passe" };
const WHITE_LABEL = "comptoir";
const SCREEN = "/middleware/promotions/";

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let request: TestRequest;
let operator: { cookie: string; csrf: string };

beforeAll(async () => {
  database = await createAdminTestDatabase(ADMIN);
  server = await composeSignedInServer(database, ADMIN);
  request = server.request;
  const [admin] = await listStaff(database.db);
  if (!admin) throw new Error("no administrator");
  await createStaff(database.db, { name: "Olivia", role: "operator", ...OPERATOR }, admin);
  await createStaff(
    database.db,
    { name: "Éric", role: "editor", email: "eric@comptoir.test", password: OPERATOR.password },
    admin,
  );
  operator = await signInStaff(request, OPERATOR);
}, 180_000);

afterAll(() => closeTestServer(server, database));

const FORM = {
  intent: "save",
  kind: "code",
  code: "",
  title: "",
  type: "percentage",
  value: "",
  minimum: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
};

const post = (fields: Record<string, string>, session = operator) =>
  request(SCREEN, formPost({ ...fields, _csrf: session.csrf }, { cookie: session.cookie }));

const page = async (query = "") =>
  (await request(`${SCREEN}${query}`, { headers: { cookie: operator.cookie } })).text();

const all = () => listPromotions(database.db, WHITE_LABEL, {}, new Date());

async function only(code: string): Promise<Promotion> {
  const found = (await all()).filter((promotion) => promotion.code === code);
  expect(found).toHaveLength(1);
  return found[0] as Promotion;
}

describe("the promotions screen", () => {
  it("creates a grocery code and a restaurant voucher, logged, and lists them", async () => {
    const code = await post({
      ...FORM,
      code: "noel10",
      title: "Noël : 10 % dès 40 €",
      value: "10",
      minimum: "40",
      startsAt: "2099-12-01T00:00",
      endsAt: "2099-12-26T00:00",
      usageLimit: "100",
    });
    expect(code.status).toBe(302);
    expect(code.headers.get("location")).toBe(`${SCREEN}?enregistre=NOEL10`);
    expect(await only("NOEL10")).toMatchObject({
      kind: "code",
      type: "percentage",
      value: 10,
      minimumCents: 4000,
      // Paris time: winter, UTC+1.
      startsAt: new Date("2099-11-30T23:00:00Z"),
      endsAt: new Date("2099-12-25T23:00:00Z"),
      usageLimit: 100,
      uses: 0,
      enabled: true,
    });

    const voucher = await post({
      ...FORM,
      kind: "voucher",
      code: "MIDI5",
      title: "5 € offerts le midi",
      type: "amount",
      value: "5,00",
      minimum: "20",
      delivery: "on",
      automatic: "on",
    });
    expect(voucher.status).toBe(302);
    expect(await only("MIDI5")).toMatchObject({
      kind: "voucher",
      type: "amount",
      value: 500,
      minimumCents: 2000,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      automatic: true,
      forDelivery: true,
      forPickup: false,
    });

    const log = await readChangeLog(database.db, { subject: "NOEL10" });
    expect(log.lines[0]).toMatchObject({
      action: "promotion-create",
      subjectType: "discount-code",
      staffEmail: OPERATOR.email,
    });
    expect((await readChangeLog(database.db, { subject: "MIDI5" })).lines[0]).toMatchObject({
      action: "promotion-create",
      subjectType: "voucher",
    });

    const html = await page();
    expect(html).toContain("NOEL10");
    expect(html).toContain("MIDI5");
    expect(html).toContain("dès 20,00\u00a0€, livraison seulement, automatique");
    expect(html).toContain("0 / 100");
    const vouchersOnly = await page("?type=voucher");
    expect(vouchersOnly).toContain("MIDI5");
    expect(vouchersOnly).not.toContain("NOEL10");
    // The code starts in 2099: scheduled; the voucher is active.
    const scheduled = await page("?etat=scheduled");
    expect(scheduled).toContain("NOEL10");
    expect(scheduled).not.toContain("MIDI5");
  });

  it("refuses bad input on its field in French and writes nothing", async () => {
    const before = await all();
    const answer = await post({
      ...FORM,
      code: "é!",
      title: "",
      value: "150",
      minimum: "beaucoup",
      startsAt: "2026-12-10T00:00",
      endsAt: "2026-12-01T00:00",
      usageLimit: "0",
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    for (const message of [
      "Le code compte de 3 à 30 caractères : lettres sans accent, chiffres, tiret ou tiret bas.",
      "Saisissez un libellé.",
      "Le pourcentage est un nombre entier de 1 à 100.",
      "Écrivez un minimum de commande en euros, par exemple 30,00, ou laissez vide.",
      "La fin doit venir après le début.",
      "Le nombre d&#x27;utilisations est un nombre entier d&#x27;au moins 1, ou vide pour illimité.",
    ]) {
      expect(html).toContain(message);
    }
    const amount = await post({ ...FORM, code: "ZERO", title: "Rien", type: "amount", value: "0" });
    expect(await amount.text()).toContain(
      "Écrivez un montant en euros supérieur à 0, par exemple 5,00.",
    );
    const modes = await post({
      ...FORM,
      kind: "voucher",
      code: "NULLEPART",
      title: "Nulle part",
      value: "10",
      automatic: "on",
    });
    const modesHtml = await modes.text();
    expect(modesHtml).toContain("Cochez la livraison, le retrait ou les deux.");
    expect(modesHtml).toContain("Un bon automatique est un montant, pas un pourcentage.");
    expect(await all()).toEqual(before);
  });

  it("keeps codes unique per kind: the same code may be a code and a voucher", async () => {
    const again = await post({ ...FORM, code: "Noel10", title: "Doublon", value: "5" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(
      "Le code « NOEL10 » existe déjà parmi les codes de l&#x27;épicerie.",
    );
    const asVoucher = await post({
      ...FORM,
      kind: "voucher",
      code: "NOEL10",
      title: "Noël au restaurant",
      value: "10",
      pickup: "on",
    });
    expect(asVoucher.status).toBe(302);
    const twins = (await all()).filter((promotion) => promotion.code === "NOEL10");
    expect(twins.map((promotion) => promotion.kind).sort()).toEqual(["code", "voucher"]);
  });

  it("edits a promotion in place, logged with before and after, its uses kept", async () => {
    const code = await only("MIDI5");
    const form = await page(`?modifier=voucher-${code.id}`);
    expect(form).toContain("Modifier la promotion MIDI5");
    expect(form).toContain('value="5,00"');
    const edited = await post({
      ...FORM,
      kind: "code",
      target: `voucher-${code.id}`,
      code: "MIDI6",
      title: "6 € offerts le midi",
      type: "amount",
      value: "6",
      minimum: "20",
      usageLimit: "50",
      delivery: "on",
      pickup: "on",
      automatic: "on",
    });
    expect(edited.status).toBe(302);
    // The kind stays a voucher whatever the form says.
    expect(await only("MIDI6")).toMatchObject({
      id: code.id,
      kind: "voucher",
      value: 600,
      usageLimit: 50,
      forPickup: true,
    });
    const [line] = (await readChangeLog(database.db, { subject: "MIDI6" })).lines;
    expect(line?.action).toBe("promotion-update");
    expect(line?.changes).toEqual(
      expect.arrayContaining([
        { field: "code", before: "MIDI5", after: "MIDI6" },
        { field: "value", before: 500, after: 600 },
        { field: "usageLimit", before: null, after: 50 },
      ]),
    );
  });

  it("never lowers a limit below the uses already counted", async () => {
    const voucher = await only("MIDI6");
    await database.db
      .update(orderingVoucher)
      .set({ uses: 3 })
      .where(eq(orderingVoucher.id, voucher.id));
    const lowered = await post({
      ...FORM,
      target: `voucher-${voucher.id}`,
      code: "MIDI6",
      title: "6 € offerts le midi",
      type: "amount",
      value: "6",
      usageLimit: "2",
      delivery: "on",
      pickup: "on",
    });
    expect(lowered.status).toBe(200);
    expect(await lowered.text()).toContain(
      "Cette promotion a déjà servi 3 fois : la limite ne peut pas être plus basse.",
    );
    expect(await only("MIDI6")).toMatchObject({ usageLimit: 50, uses: 3 });
    expect(await page("?type=voucher")).toContain("3 / 50");
  });

  it("disables and enables a promotion from its row, logged", async () => {
    const code = await only("MIDI6");
    const off = await post({ intent: "disable", target: `voucher-${code.id}` });
    expect(await off.text()).toContain("La promotion « MIDI6 » est désactivée.");
    expect((await only("MIDI6")).enabled).toBe(false);
    expect(await page("?etat=disabled")).toContain("MIDI6");
    const on = await post({ intent: "enable", target: `voucher-${code.id}` });
    expect(await on.text()).toContain("La promotion « MIDI6 » est réactivée.");
    expect((await only("MIDI6")).enabled).toBe(true);
    const actions = (await readChangeLog(database.db, { subject: "MIDI6" })).lines.map(
      (line) => line.action,
    );
    expect(actions.slice(0, 2)).toEqual(["promotion-enable", "promotion-disable"]);
  });

  it("creates an automatic grocery discount: no code, its title shown, its uses counted", async () => {
    const before = await all();
    const refused = await post({ ...FORM, code: "CAVE10", value: "10", automatic: "on" });
    expect(refused.status).toBe(200);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(
      "Une remise automatique de l&#x27;épicerie s&#x27;applique sans code : laissez le champ « Code » vide.",
    );
    expect(refusedHtml).toContain(
      "Saisissez le titre que les clients verront dans leur panier, par exemple « 10 % offerts dès 80 € ».",
    );
    expect(await all()).toEqual(before);

    const created = await post({
      ...FORM,
      title: "10 % offerts dès 80 €",
      value: "10",
      minimum: "80",
      usageLimit: "5",
      automatic: "on",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(
      `${SCREEN}?enregistre=${encodeURIComponent("10 % offerts dès 80 €")}`,
    );
    const automatic = (await all()).find(
      (promotion) => promotion.automatic && promotion.kind === "code",
    );
    expect(automatic).toMatchObject({
      code: "",
      name: "10 % offerts dès 80 €",
      type: "percentage",
      value: 10,
      minimumCents: 8000,
      usageLimit: 5,
      uses: 0,
      enabled: true,
    });
    const [line] = (await readChangeLog(database.db, { subject: "10 % offerts dès 80 €" })).lines;
    expect(line).toMatchObject({ action: "promotion-create", subjectType: "discount-code" });

    // Two orders used it: the list shows them against the limit.
    await database.db
      .update(commerceDiscountCode)
      .set({ usesCount: 2 })
      .where(eq(commerceDiscountCode.id, automatic?.id ?? 0));
    const html = await page("?type=code");
    expect(html).toContain("Remise automatique, sans code");
    expect(html).toContain("dès 80,00\u00a0€, automatique");
    expect(html).toContain("2 / 5");
    expect(html).toContain("Désactiver 10 % offerts dès 80 €");

    // Edited: a fixed amount; disabled from its row.
    const edited = await post({
      ...FORM,
      target: `code-${automatic?.id}`,
      title: "5 € offerts dès 80 €",
      type: "amount",
      value: "5",
      minimum: "80",
      usageLimit: "5",
      automatic: "on",
    });
    expect(edited.status).toBe(302);
    const off = await post({ intent: "disable", target: `code-${automatic?.id}` });
    expect(await off.text()).toContain("La promotion « 5 € offerts dès 80 € » est désactivée.");
    expect(
      (await all()).find(
        (promotion) => promotion.id === automatic?.id && promotion.kind === "code",
      ),
    ).toMatchObject({
      code: "",
      type: "amount",
      value: 500,
      uses: 2,
      enabled: false,
    });

    // A voucher may be automatic too, but keeps its code, and an amount only.
    const percentVoucher = await post({
      ...FORM,
      kind: "voucher",
      code: "AUTO10",
      title: "10 % automatiques",
      value: "10",
      pickup: "on",
      automatic: "on",
    });
    expect(await percentVoucher.text()).toContain(
      "Un bon automatique est un montant, pas un pourcentage.",
    );
  });

  it("is closed to editors, with 403 and nothing changed", async () => {
    const editor = await signInStaff(request, {
      email: "eric@comptoir.test",
      password: OPERATOR.password,
    });
    expect((await request(SCREEN, { headers: { cookie: editor.cookie } })).status).toBe(403);
    const before = await all();
    const forbidden = await post({ ...FORM, code: "INTRUS", title: "Intrus", value: "50" }, editor);
    expect(forbidden.status).toBe(403);
    expect(await all()).toEqual(before);
    const dashboard = await (
      await request("/middleware/dashboard/", { headers: { cookie: operator.cookie } })
    ).text();
    expect(dashboard).toContain(`href="${SCREEN}"`);
  });
});
