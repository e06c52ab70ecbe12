import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { recordChange } from "#platform/backoffice/index.ts";
import {
  addClosure,
  dayHoursText,
  deleteZone,
  removeClosure,
  StoreSettingsError,
  saveZone,
  storeDetail,
  updateStoreSettings,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from "#platform/ordering/index.ts";
import type { Route } from "./+types/stores.$id";

/**
 * One store (permission `slots`): its address, its modes (livraison, retrait) with their capacity
 * per slot, its slot length, lead time and days ahead, its opening hours per weekday (several
 * ranges), its exceptional closures and public holidays (no slot on those days), and its delivery
 * zones (postcodes or radius, fee, minimum order, free-delivery threshold). Every change is in
 * the change log; the page cache and the kept shop facts are dropped, since pages show the hours.
 */

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.store.name ?? "Magasin"} — Administration Comptoir` },
];

const MODE_LABELS = { 1: "Livraison", 2: "Retrait" } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const id = Number(params.id);
  const detail = Number.isInteger(id) ? await storeDetail(database.db, id, new Date()) : null;
  if (!detail) throw data("Ce magasin est introuvable.", { status: 404 });
  const { store, zones, closures } = detail;
  return {
    store: {
      id: store.id,
      name: store.name,
      address: store.address,
      postcode: store.postcode,
      city: store.city,
      phone: store.phone ?? "",
      deliveryFee: centsText(store.deliveryFeeCents),
      deliveryEnabled: store.deliveryEnabled,
      pickupEnabled: store.pickupEnabled,
      deliveryCapacity: store.deliveryCapacity,
      pickupCapacity: store.pickupCapacity,
      slotIntervalMinutes: store.slotIntervalMinutes,
      slotLeadMinutes: store.slotLeadMinutes,
      slotDaysAhead: store.slotDaysAhead,
      hours: WEEKDAYS.map((day) => ({
        day,
        label: WEEKDAY_LABELS[day],
        text: dayHoursText(store.openingHours[day]),
      })),
    },
    closures: closures.map((closure) => ({
      id: closure.id,
      startDay: closure.startDay,
      endDay: closure.endDay,
      mode: closure.mode,
      label: closure.label,
    })),
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      isEnabled: zone.isEnabled,
      postcodes: zone.postcodes.join(", "),
      radiusMetres: zone.radiusMetres === null ? "" : String(zone.radiusMetres),
      fee: zone.feeCents === null ? "" : centsText(zone.feeCents),
      minimum: zone.minimumOrderCents === 0 ? "" : centsText(zone.minimumOrderCents),
      threshold:
        zone.freeDeliveryThresholdCents === null ? "" : centsText(zone.freeDeliveryThresholdCents),
      position: String(zone.position),
    })),
  };
}

function centsText(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

const EUROS = /^\d{1,7}([.,]\d{1,2})?$/;

/** An amount in euros (`3,90`) as cents; empty: null. */
const euros = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || EUROS.test(value.replace(/\s|€/g, "")), {
      message: `${label} : saisissez un montant en euros, par exemple 3,90.`,
    })
    .transform((value) =>
      value === "" ? null : Math.round(Number(value.replace(/\s|€/g, "").replace(",", ".")) * 100),
    );

const whole = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, `${label} : saisissez un nombre entier.`)
    .transform(Number);

const optionalWhole = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,7}$/, `${label} : saisissez un nombre entier.`)
    .transform((value) => (value === "" ? null : Number(value)));

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

const id = z.coerce.number().int().positive();

const storeForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("settings"),
    address: z.string(),
    postcode: z.string(),
    city: z.string(),
    phone: z.string().default(""),
    deliveryFee: euros("Frais de livraison"),
    deliveryEnabled: checkbox,
    pickupEnabled: checkbox,
    deliveryCapacity: whole("Capacité en livraison"),
    pickupCapacity: whole("Capacité en retrait"),
    slotIntervalMinutes: whole("Durée d'un créneau"),
    slotLeadMinutes: whole("Délai de préparation"),
    slotDaysAhead: whole("Jours proposés"),
    ...Object.fromEntries(WEEKDAYS.map((day) => [`hours-${day}`, z.string().default("")])),
  }),
  z.object({
    intent: z.literal("closure-add"),
    startDay: z.string().trim().min(1, "Indiquez le premier jour de la fermeture."),
    endDay: z.string().default(""),
    mode: z
      .enum(["", "1", "2"])
      .transform((value) => (value === "" ? null : (Number(value) as 1 | 2))),
    label: z.string(),
  }),
  z.object({ intent: z.literal("closure-remove"), closureId: id }),
  z.object({
    intent: z.literal("zone-save"),
    zoneId: z
      .string()
      .default("")
      .transform((value) => (value === "" ? null : Number(value))),
    name: z.string().default(""),
    isEnabled: checkbox,
    postcodes: z.string().default(""),
    radiusMetres: optionalWhole("Rayon de livraison"),
    fee: euros("Frais de livraison"),
    minimum: euros("Minimum de commande"),
    threshold: euros("Livraison offerte dès"),
    position: optionalWhole("Ordre"),
  }),
  z.object({ intent: z.literal("zone-delete"), zoneId: id }),
]);

type ActionResult = { ok: boolean; message: string; form?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const parsed = storeForm.safeParse(Object.fromEntries(form));
  const intent = String(form.get("intent") ?? "");
  if (!parsed.success) {
    return {
      ok: false,
      form: intent,
      message: parsed.error.issues[0]?.message ?? "Formulaire invalide.",
    } satisfies ActionResult;
  }
  const { database, caches } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const db = database.db;
  const storeId = Number(params.id);
  const input = parsed.data;
  const subjectId = `magasin ${storeId}`;
  try {
    let message: string;
    if (input.intent === "settings") {
      const values = input as Record<string, unknown>;
      const { before, after } = await updateStoreSettings(db, storeId, {
        address: input.address,
        postcode: input.postcode,
        city: input.city,
        phone: input.phone,
        deliveryFeeCents: input.deliveryFee ?? 0,
        deliveryEnabled: input.deliveryEnabled,
        pickupEnabled: input.pickupEnabled,
        deliveryCapacity: input.deliveryCapacity,
        pickupCapacity: input.pickupCapacity,
        slotIntervalMinutes: input.slotIntervalMinutes,
        slotLeadMinutes: input.slotLeadMinutes,
        slotDaysAhead: input.slotDaysAhead,
        hours: Object.fromEntries(WEEKDAYS.map((day) => [day, String(values[`hours-${day}`])])),
      });
      await recordChange(db, {
        staff,
        action: "Magasin modifié",
        subjectType: "store",
        subjectId,
        before,
        after,
      });
      message = "Magasin enregistré.";
    } else if (input.intent === "closure-add") {
      const closure = await addClosure(db, storeId, input, new Date());
      await recordChange(db, {
        staff,
        action: "Fermeture ajoutée",
        subjectType: "store",
        subjectId,
        after: closure,
      });
      message = `Fermeture « ${closure.label} » ajoutée : aucun créneau n'est proposé ces jours-là.`;
    } else if (input.intent === "closure-remove") {
      const closure = await removeClosure(db, storeId, input.closureId);
      if (!closure) return { ok: false, form: intent, message: "Cette fermeture n'existe plus." };
      await recordChange(db, {
        staff,
        action: "Fermeture retirée",
        subjectType: "store",
        subjectId,
        before: closure,
      });
      message = `Fermeture « ${closure.label} » retirée.`;
    } else if (input.intent === "zone-save") {
      const { zone, before, after } = await saveZone(db, storeId, input.zoneId, {
        name: input.name,
        isEnabled: input.isEnabled,
        postcodes: input.postcodes,
        radiusMetres: input.radiusMetres,
        feeCents: input.fee,
        minimumOrderCents: input.minimum ?? 0,
        freeDeliveryThresholdCents: input.threshold,
        position: input.position ?? 0,
      });
      await recordChange(db, {
        staff,
        action: before ? "Zone de livraison modifiée" : "Zone de livraison ajoutée",
        subjectType: "store",
        subjectId: `${subjectId} zone ${zone.id}`,
        before,
        after,
      });
      message = before ? "Zone de livraison enregistrée." : "Zone de livraison ajoutée.";
    } else {
      const zone = await deleteZone(db, storeId, input.zoneId);
      if (!zone) return { ok: false, form: intent, message: "Cette zone n'existe plus." };
      await recordChange(db, {
        staff,
        action: "Zone de livraison supprimée",
        subjectType: "store",
        subjectId: `${subjectId} zone ${zone.id}`,
        before: zone,
      });
      message = "Zone de livraison supprimée.";
    }
    // Pages show the stores' hours and zones: drop what was kept of them, on every instance.
    caches.forgetStores();
    return { ok: true, form: intent, message } satisfies ActionResult;
  } catch (error) {
    if (error instanceof StoreSettingsError) {
      return { ok: false, form: intent, message: error.message } satisfies ActionResult;
    }
    throw error;
  }
}

function Alert({ result, form }: { result: ActionResult | undefined; form: string[] }) {
  if (!result || !form.includes(result.form ?? "")) return null;
  return <ActionAlert result={result} />;
}

const dayFormat = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export default function StoreScreen() {
  const { store, closures, zones } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <p>
        <a href="/middleware/stores/">← Magasins</a>
      </p>
      <h1>{store.name}</h1>

      <section className="admin-card" aria-labelledby="store-settings">
        <h2 id="store-settings">Horaires et créneaux</h2>
        <Alert result={result} form={["settings"]} />
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="settings" />
          <Field name="address" label="Adresse" defaultValue={store.address} required />
          <Field name="postcode" label="Code postal" defaultValue={store.postcode} required />
          <Field name="city" label="Ville" defaultValue={store.city} required />
          <Field name="phone" label="Téléphone" defaultValue={store.phone} />
          <fieldset>
            <legend>Livraison</legend>
            <p>
              <input
                type="checkbox"
                id="deliveryEnabled"
                name="deliveryEnabled"
                defaultChecked={store.deliveryEnabled}
              />{" "}
              <label htmlFor="deliveryEnabled">Livraison proposée</label>
            </p>
            <Field
              name="deliveryCapacity"
              label="Commandes par créneau en livraison"
              defaultValue={String(store.deliveryCapacity)}
              inputMode="numeric"
            />
            <Field
              name="deliveryFee"
              label="Frais de livraison (€)"
              hint="Ceux des zones sans frais propres."
              defaultValue={store.deliveryFee}
              inputMode="decimal"
            />
          </fieldset>
          <fieldset>
            <legend>Retrait</legend>
            <p>
              <input
                type="checkbox"
                id="pickupEnabled"
                name="pickupEnabled"
                defaultChecked={store.pickupEnabled}
              />{" "}
              <label htmlFor="pickupEnabled">Retrait proposé</label>
            </p>
            <Field
              name="pickupCapacity"
              label="Commandes par créneau en retrait"
              defaultValue={String(store.pickupCapacity)}
              inputMode="numeric"
            />
          </fieldset>
          <Field
            name="slotIntervalMinutes"
            label="Durée d'un créneau (minutes)"
            defaultValue={String(store.slotIntervalMinutes)}
            inputMode="numeric"
          />
          <Field
            name="slotLeadMinutes"
            label="Délai de préparation (minutes)"
            hint="Aucun créneau ne commence plus tôt que ce délai après la commande."
            defaultValue={String(store.slotLeadMinutes)}
            inputMode="numeric"
          />
          <Field
            name="slotDaysAhead"
            label="Jours proposés"
            hint="Aujourd'hui compte pour le premier."
            defaultValue={String(store.slotDaysAhead)}
            inputMode="numeric"
          />
          <fieldset>
            <legend>Horaires d'ouverture</legend>
            <p>
              Plusieurs plages séparées par des virgules, par exemple 10:00-13:00, 14:00-19:00. Vide
              : fermé.
            </p>
            {store.hours.map((day) => (
              <Field
                key={day.day}
                name={`hours-${day.day}`}
                label={day.label}
                defaultValue={day.text}
              />
            ))}
          </fieldset>
          <button type="submit" className="admin-button admin-button--primary">
            Enregistrer le magasin
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="store-closures">
        <h2 id="store-closures">Fermetures exceptionnelles et jours fériés</h2>
        <Alert result={result} form={["closure-add", "closure-remove"]} />
        {closures.length === 0 ? (
          <p>Aucune fermeture à venir.</p>
        ) : (
          <ul>
            {closures.map((closure) => (
              <li key={closure.id}>
                <Form method="post" className="admin-inline-form">
                  <CsrfField />
                  <input type="hidden" name="intent" value="closure-remove" />
                  <input type="hidden" name="closureId" value={closure.id} />
                  {`${closure.label} : ${
                    closure.startDay === closure.endDay
                      ? dayText(closure.startDay)
                      : `du ${dayText(closure.startDay)} au ${dayText(closure.endDay)}`
                  } (${closure.mode === null ? "livraison et retrait" : MODE_LABELS[closure.mode].toLowerCase()})`}{" "}
                  <button type="submit" className="admin-button">
                    {`Retirer la fermeture ${closure.label}`}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="closure-add" />
          <p>
            <label htmlFor="closure-start">Premier jour</label>{" "}
            <input type="date" id="closure-start" name="startDay" required />
          </p>
          <p>
            <label htmlFor="closure-end">Dernier jour (vide : un seul jour)</label>{" "}
            <input type="date" id="closure-end" name="endDay" />
          </p>
          <p>
            <label htmlFor="closure-mode">Mode</label>{" "}
            <select id="closure-mode" name="mode" defaultValue="">
              <option value="">Livraison et retrait</option>
              <option value="1">Livraison seulement</option>
              <option value="2">Retrait seulement</option>
            </select>
          </p>
          <Field name="label" label="Motif" hint="Par exemple Noël, inventaire." required />
          <button type="submit" className="admin-button admin-button--primary">
            Ajouter la fermeture
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="store-zones">
        <h2 id="store-zones">Zones de livraison</h2>
        <p>La première zone active (par ordre) qui couvre l'adresse est retenue.</p>
        <Alert result={result} form={["zone-save", "zone-delete"]} />
        {zones.map((zone) => (
          <ZoneForm key={zone.id} zone={zone} />
        ))}
        <h3>Nouvelle zone</h3>
        <ZoneForm
          zone={{
            id: 0,
            name: "",
            isEnabled: true,
            postcodes: "",
            radiusMetres: "",
            fee: "",
            minimum: "",
            threshold: "",
            position: String(zones.length),
          }}
        />
      </section>
    </>
  );
}

type ZoneRow = ReturnType<typeof useLoaderData<typeof loader>>["zones"][number];

function ZoneForm({ zone }: { zone: ZoneRow }) {
  const prefix = zone.id === 0 ? "new" : `zone-${zone.id}`;
  const title = zone.id === 0 ? "Nouvelle zone" : `Zone ${zone.name || zone.id}`;
  return (
    <fieldset>
      <legend>{title}</legend>
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="zone-save" />
        {zone.id !== 0 && <input type="hidden" name="zoneId" value={zone.id} />}
        <p>
          <label htmlFor={`${prefix}-name`}>Nom</label>{" "}
          <input id={`${prefix}-name`} name="name" defaultValue={zone.name} />
        </p>
        <p>
          <input
            type="checkbox"
            id={`${prefix}-enabled`}
            name="isEnabled"
            defaultChecked={zone.isEnabled}
          />{" "}
          <label htmlFor={`${prefix}-enabled`}>Active</label>
        </p>
        <p>
          <label htmlFor={`${prefix}-postcodes`}>Codes postaux</label>{" "}
          <input id={`${prefix}-postcodes`} name="postcodes" defaultValue={zone.postcodes} />
        </p>
        <p>
          <label htmlFor={`${prefix}-radius`}>Rayon autour du magasin (mètres)</label>{" "}
          <input
            id={`${prefix}-radius`}
            name="radiusMetres"
            inputMode="numeric"
            defaultValue={zone.radiusMetres}
          />
        </p>
        <p>
          <label htmlFor={`${prefix}-fee`}>Frais de livraison (€, vide : ceux du magasin)</label>{" "}
          <input id={`${prefix}-fee`} name="fee" inputMode="decimal" defaultValue={zone.fee} />
        </p>
        <p>
          <label htmlFor={`${prefix}-minimum`}>Minimum de commande (€)</label>{" "}
          <input
            id={`${prefix}-minimum`}
            name="minimum"
            inputMode="decimal"
            defaultValue={zone.minimum}
          />
        </p>
        <p>
          <label htmlFor={`${prefix}-threshold`}>Livraison offerte dès (€, vide : jamais)</label>{" "}
          <input
            id={`${prefix}-threshold`}
            name="threshold"
            inputMode="decimal"
            defaultValue={zone.threshold}
          />
        </p>
        <p>
          <label htmlFor={`${prefix}-position`}>Ordre</label>{" "}
          <input
            id={`${prefix}-position`}
            name="position"
            inputMode="numeric"
            defaultValue={zone.position}
          />
        </p>
        <button type="submit" className="admin-button admin-button--primary">
          {zone.id === 0 ? "Ajouter la zone" : `Enregistrer ${title}`}
        </button>
      </Form>
      {zone.id !== 0 && (
        <Form method="post" className="admin-inline-form">
          <CsrfField />
          <input type="hidden" name="intent" value="zone-delete" />
          <input type="hidden" name="zoneId" value={zone.id} />
          <button type="submit" className="admin-button">
            {`Supprimer ${title}`}
          </button>
        </Form>
      )}
    </fieldset>
  );
}
