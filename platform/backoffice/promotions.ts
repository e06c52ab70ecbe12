import type { Db, Tx } from "#db/client.ts";
import { eurosText } from "#platform/backoffice/prices.ts";
import { parseEuros } from "#platform/backoffice/product-edits.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  type DiscountCodeFields,
  type DiscountCodeRow,
  discountCodeTaken,
  insertDiscountCode,
  listDiscountCodes,
  lockDiscountCode,
  updateDiscountCode,
} from "#platform/commerce/index.ts";
import {
  insertVoucher,
  listVouchers,
  localToInstant,
  lockVoucher,
  SLOT_TIME_ZONE,
  updateVoucher,
  type Voucher,
  type VoucherFields,
  voucherCodeTaken,
} from "#platform/ordering/index.ts";

/**
 * The promotions screen's rules: the grocery's discount codes (commerce, Shopify's) and the
 * restaurant's vouchers (ordering, Flipdish's) read as one list, checked with French messages,
 * and written in one transaction with their change-log line.
 */

/** `code`: a discount code of the grocery (commerce); `voucher`: a voucher of the restaurant. */
export type PromotionKind = "code" | "voucher";
export const PROMOTION_KINDS: Record<PromotionKind, string> = {
  code: "Code épicerie",
  voucher: "Bon restauration",
};

export type PromotionState = "active" | "scheduled" | "expired" | "exhausted" | "disabled";
export const PROMOTION_STATES: Record<PromotionState, string> = {
  active: "Active",
  scheduled: "À venir",
  expired: "Expirée",
  exhausted: "Épuisée",
  disabled: "Désactivée",
};

/** A code or a voucher, in the screen's terms: `value` is a percent, or cents for `amount`. */
export type Promotion = {
  kind: PromotionKind;
  id: number;
  /** Empty for an automatic grocery discount, which has none. */
  code: string;
  /** What the screen and its messages call it: its code, else (automatic) its title. */
  name: string;
  title: string;
  type: "percentage" | "amount";
  value: number;
  minimumCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  uses: number;
  automatic: boolean;
  /** Restaurant vouchers only: the modes it is valid for. */
  forDelivery: boolean;
  forPickup: boolean;
  enabled: boolean;
};

function fromCode(row: DiscountCodeRow): Promotion {
  return {
    kind: "code",
    id: row.id,
    code: row.code ?? "",
    name: row.code ?? row.title,
    title: row.title,
    type: row.kind === "percentage" ? "percentage" : "amount",
    value: row.value,
    minimumCents: row.minimumSubtotalCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    uses: row.usesCount,
    automatic: row.automatic,
    forDelivery: true,
    forPickup: true,
    enabled: row.enabled,
  };
}

function fromVoucher(row: Voucher): Promotion {
  return {
    kind: "voucher",
    id: row.id,
    code: row.code,
    name: row.code,
    title: row.description,
    type: row.kind === "percentage" ? "percentage" : "amount",
    value: row.amount,
    minimumCents: row.validOnOrdersOverCents,
    startsAt: row.startsAt,
    endsAt: row.expiresAt,
    usageLimit: row.maxUses,
    uses: row.uses,
    automatic: row.isAutomatic,
    forDelivery: row.validForDelivery,
    forPickup: row.validForPickup,
    enabled: row.isEnabled,
  };
}

/** Where a promotion stands at `now`. */
export function promotionState(promotion: Promotion, now: Date): PromotionState {
  if (!promotion.enabled) return "disabled";
  if (promotion.endsAt && promotion.endsAt.getTime() <= now.getTime()) return "expired";
  if (promotion.usageLimit !== null && promotion.uses >= promotion.usageLimit) return "exhausted";
  if (promotion.startsAt && promotion.startsAt.getTime() > now.getTime()) return "scheduled";
  return "active";
}

export type PromotionFilter = { kind?: PromotionKind; state?: PromotionState };

/** Both kinds, codes first then vouchers, each by code; narrowed by kind and state. */
export async function listPromotions(
  db: Db,
  whiteLabel: string,
  filter: PromotionFilter,
  now: Date,
): Promise<Promotion[]> {
  const [codes, vouchers] = await Promise.all([
    filter.kind === "voucher" ? [] : listDiscountCodes(db),
    filter.kind === "code" ? [] : listVouchers(db, whiteLabel),
  ]);
  return [...codes.map(fromCode), ...vouchers.map(fromVoucher)].filter(
    (promotion) => !filter.state || promotionState(promotion, now) === filter.state,
  );
}

/** One promotion of a kind by id; undefined when there is none. */
export async function findPromotion(
  db: Db,
  whiteLabel: string,
  kind: PromotionKind,
  id: number,
): Promise<Promotion | undefined> {
  const all = await listPromotions(db, whiteLabel, { kind }, new Date());
  return all.find((promotion) => promotion.id === id);
}

// ---------------------------------------------------------------------------------------------
// The form

export type PromotionFieldErrors = Partial<Record<PromotionField, string>>;

type PromotionField =
  | "kind"
  | "code"
  | "title"
  | "type"
  | "value"
  | "minimum"
  | "startsAt"
  | "endsAt"
  | "usageLimit"
  | "automatic"
  | "modes";

/** What the form asks, checked. */
export type PromotionInput = {
  kind: PromotionKind;
  code: string;
  title: string;
  type: "percentage" | "amount";
  value: number;
  minimumCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  automatic: boolean;
  forDelivery: boolean;
  forPickup: boolean;
};

export const CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;

export const PROMOTION_MESSAGES = {
  kind: "Choisissez le type de promotion.",
  codeMissing: "Saisissez le code.",
  codeFormat:
    "Le code compte de 3 à 30 caractères : lettres sans accent, chiffres, tiret ou tiret bas.",
  codeTaken: (code: string, kind: PromotionKind) =>
    kind === "code"
      ? `Le code « ${code} » existe déjà parmi les codes de l'épicerie.`
      : `Le code « ${code} » existe déjà parmi les bons de la restauration.`,
  titleMissing: "Saisissez un libellé.",
  titleMissingAutomatic:
    "Saisissez le titre que les clients verront dans leur panier, par exemple « 10 % offerts dès 80 € ».",
  titleLength: "Le libellé compte 100 caractères au plus.",
  type: "Choisissez un pourcentage ou un montant.",
  percent: "Le pourcentage est un nombre entier de 1 à 100.",
  amount: "Écrivez un montant en euros supérieur à 0, par exemple 5,00.",
  minimum: "Écrivez un minimum de commande en euros, par exemple 30,00, ou laissez vide.",
  startsAt: "Date de début invalide.",
  endsAt: "Date de fin invalide.",
  endBeforeStart: "La fin doit venir après le début.",
  usageLimit: "Le nombre d'utilisations est un nombre entier d'au moins 1, ou vide pour illimité.",
  usageBelowUses: (uses: number) =>
    `Cette promotion a déjà servi ${uses} fois : la limite ne peut pas être plus basse.`,
  automaticCode:
    "Une remise automatique de l'épicerie s'applique sans code : laissez le champ « Code » vide.",
  automaticPercent: "Un bon automatique est un montant, pas un pourcentage.",
  modes: "Cochez la livraison, le retrait ou les deux.",
  notFound: "Cette promotion n'existe plus.",
} as const;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** `2026-12-01T09:30` (Paris time, a `datetime-local` field) → the instant; null if malformed. */
export function parseLocalDateTime(text: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, day = "", hours = "", minutes = ""] = match;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return null;
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return localToInstant(day, Number(hours) * 60 + Number(minutes));
}

const localParts = new Intl.DateTimeFormat("sv-SE", {
  timeZone: SLOT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as a `datetime-local` field shows it, in Paris time; empty for none. */
export function localDateTimeText(instant: Date | null): string {
  return instant ? localParts.format(instant).replace(" ", "T") : "";
}

/** The form's values as text, to fill the form again (an edit, or input sent back with errors). */
export type PromotionFormValues = Record<
  "kind" | "code" | "title" | "type" | "value" | "minimum" | "startsAt" | "endsAt" | "usageLimit",
  string
> &
  Record<"automatic" | "delivery" | "pickup", boolean>;

export function formValuesOf(promotion: Promotion): PromotionFormValues {
  return {
    kind: promotion.kind,
    code: promotion.code,
    title: promotion.title,
    type: promotion.type,
    value: promotion.type === "percentage" ? String(promotion.value) : eurosText(promotion.value),
    minimum: promotion.minimumCents === 0 ? "" : eurosText(promotion.minimumCents),
    startsAt: localDateTimeText(promotion.startsAt),
    endsAt: localDateTimeText(promotion.endsAt),
    usageLimit: promotion.usageLimit === null ? "" : String(promotion.usageLimit),
    automatic: promotion.automatic,
    delivery: promotion.forDelivery,
    pickup: promotion.forPickup,
  };
}

export function formValuesFrom(form: FormData): PromotionFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    kind: text("kind"),
    code: text("code"),
    title: text("title"),
    type: text("type"),
    value: text("value"),
    minimum: text("minimum"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
    usageLimit: text("usageLimit"),
    automatic: form.get("automatic") === "on",
    delivery: form.get("delivery") === "on",
    pickup: form.get("pickup") === "on",
  };
}

/** Checks the form's values; every problem at once, each on its field. */
export function readPromotionForm(
  values: PromotionFormValues,
): { ok: true; input: PromotionInput } | { ok: false; errors: PromotionFieldErrors } {
  const errors: PromotionFieldErrors = {};
  const kind = values.kind === "code" || values.kind === "voucher" ? values.kind : null;
  if (!kind) errors.kind = PROMOTION_MESSAGES.kind;

  // An automatic grocery discount has no code (Shopify's): its title is what shoppers see.
  const codeless = kind === "code" && values.automatic;
  const code = values.code.trim().toUpperCase();
  if (codeless) {
    if (code !== "") errors.code = PROMOTION_MESSAGES.automaticCode;
  } else if (code === "") errors.code = PROMOTION_MESSAGES.codeMissing;
  else if (!CODE_PATTERN.test(code)) errors.code = PROMOTION_MESSAGES.codeFormat;

  const title = values.title.trim();
  if (title === "") {
    errors.title = codeless
      ? PROMOTION_MESSAGES.titleMissingAutomatic
      : PROMOTION_MESSAGES.titleMissing;
  } else if (title.length > 100) errors.title = PROMOTION_MESSAGES.titleLength;

  const type = values.type === "percentage" || values.type === "amount" ? values.type : null;
  let value = 0;
  if (!type) errors.type = PROMOTION_MESSAGES.type;
  else if (type === "percentage") {
    const text = values.value.trim();
    value = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    if (value < 1 || value > 100) errors.value = PROMOTION_MESSAGES.percent;
  } else {
    value = parseEuros(values.value) ?? 0;
    if (value <= 0) errors.value = PROMOTION_MESSAGES.amount;
  }

  let minimumCents = 0;
  if (values.minimum.trim() !== "") {
    const parsed = parseEuros(values.minimum);
    if (parsed === null) errors.minimum = PROMOTION_MESSAGES.minimum;
    else minimumCents = parsed;
  }

  const startsAt = values.startsAt.trim() === "" ? null : parseLocalDateTime(values.startsAt);
  if (values.startsAt.trim() !== "" && !startsAt) errors.startsAt = PROMOTION_MESSAGES.startsAt;
  const endsAt = values.endsAt.trim() === "" ? null : parseLocalDateTime(values.endsAt);
  if (values.endsAt.trim() !== "" && !endsAt) errors.endsAt = PROMOTION_MESSAGES.endsAt;
  else if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    errors.endsAt = PROMOTION_MESSAGES.endBeforeStart;
  }

  let usageLimit: number | null = null;
  if (values.usageLimit.trim() !== "") {
    const text = values.usageLimit.trim();
    usageLimit = /^\d{1,9}$/.test(text) ? Number(text) : 0;
    if (usageLimit < 1) errors.usageLimit = PROMOTION_MESSAGES.usageLimit;
  }

  if (values.automatic && kind === "voucher" && type === "percentage") {
    errors.automatic = PROMOTION_MESSAGES.automaticPercent;
  }
  if (kind === "voucher" && !values.delivery && !values.pickup) {
    errors.modes = PROMOTION_MESSAGES.modes;
  }

  if (!kind || !type || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      kind,
      code,
      title,
      type,
      value,
      minimumCents,
      startsAt,
      endsAt,
      usageLimit,
      automatic: values.automatic,
      forDelivery: kind === "code" || values.delivery,
      forPickup: kind === "code" || values.pickup,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Writing, with the change log

/** A promotion as the change log records it (dates as ISO text). */
function logged(promotion: Promotion) {
  const { id: _id, uses: _uses, kind: _kind, name: _name, ...fields } = promotion;
  return {
    ...fields,
    startsAt: fields.startsAt?.toISOString() ?? null,
    endsAt: fields.endsAt?.toISOString() ?? null,
  };
}

const SUBJECT: Record<PromotionKind, string> = { code: "discount-code", voucher: "voucher" };

function codeFields(input: PromotionInput, now: Date): Omit<DiscountCodeFields, "enabled"> {
  return {
    code: input.automatic ? null : input.code,
    automatic: input.automatic,
    title: input.title,
    kind: input.type === "percentage" ? "percentage" : "fixed",
    value: input.value,
    minimumSubtotalCents: input.minimumCents,
    startsAt: input.startsAt ?? now,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
  };
}

function voucherFields(input: PromotionInput): Omit<VoucherFields, "isEnabled"> {
  return {
    code: input.code,
    description: input.title,
    kind: input.type === "percentage" ? "percentage" : "lump",
    amount: input.value,
    validOnOrdersOverCents: input.minimumCents,
    startsAt: input.startsAt,
    expiresAt: input.endsAt,
    validForDelivery: input.forDelivery,
    validForPickup: input.forPickup,
    isAutomatic: input.automatic,
    maxUses: input.usageLimit,
  };
}

async function codeTaken(
  tx: Tx,
  whiteLabel: string,
  input: PromotionInput,
  exceptId?: number,
): Promise<boolean> {
  if (input.kind === "code" && input.automatic) return false;
  return input.kind === "code"
    ? discountCodeTaken(tx, input.code, exceptId)
    : voucherCodeTaken(tx, whiteLabel, input.code, exceptId);
}

export type SaveResult =
  | { ok: true; promotion: Promotion }
  | { ok: false; errors: PromotionFieldErrors; message?: string };

/** A unique index refusing a second row with the code (two staff creating it at once). */
function isUniqueViolation(error: unknown): boolean {
  for (let at: unknown = error; at && typeof at === "object"; at = (at as Error).cause) {
    if ((at as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Creates a promotion (`id` undefined) or changes one, with its change-log line, in one
 * transaction. A code already used by the same kind, or a limit below the uses already counted,
 * is refused on its field and nothing is written.
 */
export async function savePromotion(
  db: Db,
  actor: Actor,
  whiteLabel: string,
  input: PromotionInput,
  id: number | undefined,
  now: Date,
): Promise<SaveResult> {
  try {
    return await db.transaction(async (tx): Promise<SaveResult> => {
      const before =
        id === undefined
          ? undefined
          : input.kind === "code"
            ? await lockDiscountCode(tx, id).then((row) => row && fromCode(row))
            : await lockVoucher(tx, whiteLabel, id).then((row) => row && fromVoucher(row));
      if (id !== undefined && !before) {
        return { ok: false, errors: {}, message: PROMOTION_MESSAGES.notFound };
      }
      if (await codeTaken(tx, whiteLabel, input, id)) {
        return {
          ok: false,
          errors: { code: PROMOTION_MESSAGES.codeTaken(input.code, input.kind) },
        };
      }
      if (before && input.usageLimit !== null && input.usageLimit < before.uses) {
        return {
          ok: false,
          errors: { usageLimit: PROMOTION_MESSAGES.usageBelowUses(before.uses) },
        };
      }
      let after: Promotion;
      if (input.kind === "code") {
        const fields = codeFields(input, before?.startsAt ?? now);
        after = fromCode(
          id === undefined
            ? await insertDiscountCode(tx, { ...fields, enabled: true })
            : await updateDiscountCode(tx, id, fields),
        );
      } else {
        const fields = voucherFields(input);
        after = fromVoucher(
          id === undefined
            ? await insertVoucher(tx, whiteLabel, { ...fields, isEnabled: true })
            : await updateVoucher(tx, id, fields),
        );
      }
      await logChange(tx, actor, {
        action: before ? "promotion-update" : "promotion-create",
        subjectType: SUBJECT[input.kind],
        subjectId: after.name,
        before: before ? logged(before) : null,
        after: logged(after),
      });
      return { ok: true, promotion: after };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, errors: { code: PROMOTION_MESSAGES.codeTaken(input.code, input.kind) } };
  }
}

/** Disables or enables a promotion, with its change-log line; undefined when it is gone. */
export async function setPromotionEnabled(
  db: Db,
  actor: Actor,
  whiteLabel: string,
  target: { kind: PromotionKind; id: number },
  enabled: boolean,
): Promise<Promotion | undefined> {
  return db.transaction(async (tx) => {
    const before =
      target.kind === "code"
        ? await lockDiscountCode(tx, target.id).then((row) => row && fromCode(row))
        : await lockVoucher(tx, whiteLabel, target.id).then((row) => row && fromVoucher(row));
    if (!before) return undefined;
    const after =
      target.kind === "code"
        ? fromCode(await updateDiscountCode(tx, target.id, { enabled }))
        : fromVoucher(await updateVoucher(tx, target.id, { isEnabled: enabled }));
    if (before.enabled !== enabled) {
      await logChange(tx, actor, {
        action: enabled ? "promotion-enable" : "promotion-disable",
        subjectType: SUBJECT[target.kind],
        subjectId: after.name,
        before: { enabled: before.enabled },
        after: { enabled },
      });
    }
    return after;
  });
}
