import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { recordChange } from "#platform/backoffice/index.ts";
import {
  changeCalendarSlot,
  listStores,
  SLOT_TIME_ZONE,
  SlotChangeError,
  storeSlotCalendar,
} from "#platform/ordering/index.ts";
import type { Route } from "./+types/slots";

/**
 * The slot calendar (« Créneaux », permission `slots`): the coming days' slots of one store in one
 * mode (`?store=<id>&mode=1|2`), each with its bookings against its capacity. Staff close or reopen
 * one slot, or change its capacity, never below what is already booked (the ordering service
 * refuses it under the slot's booking lock, so a booking racing the change never overbooks).
 * Every change is in the change log.
 */

export const meta: Route.MetaFunction = () => [{ title: "Créneaux — Administration Comptoir" }];

const MODE_LABELS = { 1: "Livraison", 2: "Retrait" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const url = new URL(request.url);
  const stores = await listStores(database.db);
  const storeId = Number(url.searchParams.get("store")) || stores[0]?.id || 0;
  const mode: 1 | 2 = url.searchParams.get("mode") === "2" ? 2 : 1;
  const calendar = await storeSlotCalendar(database.db, storeId, mode, new Date());
  return {
    stores: stores.map((store) => ({ id: store.id, name: store.name })),
    storeId,
    mode,
    slots: (calendar?.slots ?? []).map((slot) => ({
      key: slot.key,
      day: slot.day,
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      booked: slot.booked,
      capacity: slot.capacity,
      isClosed: slot.isClosed,
      isOverridden: slot.isOverridden,
    })),
  };
}

const slotForm = z.object({
  intent: z.enum(["capacity", "close", "reopen", "reset"]),
  storeId: z.coerce.number().int().positive(),
  mode: z.enum(["1", "2"]).transform((value) => Number(value) as 1 | 2),
  start: z.iso.datetime({ message: "Ce créneau est introuvable." }),
  capacity: z.string().default(""),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const parsed = slotForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Formulaire invalide." };
  }
  const input = parsed.data;
  let change: { capacity?: number | null; isClosed?: boolean };
  if (input.intent === "capacity") {
    const text = input.capacity.trim();
    if (!/^\d{1,4}$/.test(text)) {
      return { ok: false, message: "Capacité : saisissez un nombre entier." };
    }
    change = { capacity: Number(text) };
  } else if (input.intent === "reset") {
    change = { capacity: null, isClosed: false };
  } else {
    change = { isClosed: input.intent === "close" };
  }
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  try {
    const result = await changeCalendarSlot(
      database.db,
      { storeId: input.storeId, mode: input.mode, start: new Date(input.start) },
      change,
      new Date(),
    );
    await recordChange(database.db, {
      staff,
      action: "Créneau modifié",
      subjectType: "slot",
      subjectId: `magasin ${input.storeId} ${MODE_LABELS[input.mode].toLowerCase()} ${result.key}`,
      before: result.before,
      after: result.after,
    });
    const done = {
      capacity: `Créneau ${result.key} : capacité de ${result.after.capacity} commande(s).`,
      close: `Créneau ${result.key} fermé : il n'est plus proposé.`,
      reopen: `Créneau ${result.key} rouvert.`,
      reset: `Créneau ${result.key} : capacité du magasin.`,
    } as const;
    return { ok: true, message: done[input.intent] };
  } catch (error) {
    if (error instanceof SlotChangeError) return { ok: false, message: error.message };
    throw error;
  }
}

const dayFormat = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});
const timeFormat = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SLOT_TIME_ZONE,
});

export default function SlotsScreen() {
  const { stores, storeId, mode, slots } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const days = [...new Set(slots.map((slot) => slot.day))];
  const storeName = stores.find((store) => store.id === storeId)?.name ?? "";
  return (
    <>
      <h1>Créneaux</h1>
      <Form method="get" className="admin-inline-form">
        <label htmlFor="slots-store">Magasin</label>{" "}
        <select id="slots-store" name="store" defaultValue={storeId}>
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>{" "}
        <label htmlFor="slots-mode">Mode</label>{" "}
        <select id="slots-mode" name="mode" defaultValue={mode}>
          <option value="1">Livraison</option>
          <option value="2">Retrait</option>
        </select>{" "}
        <button type="submit" className="admin-button">
          Afficher
        </button>
      </Form>
      {result && <ActionAlert result={result} />}
      {slots.length === 0 && <p>Aucun créneau à venir pour ce magasin dans ce mode.</p>}
      {days.map((day) => (
        <div className="admin-table-scroll" key={day}>
          <table className="admin-table">
            <caption>
              {`${storeName}, ${MODE_LABELS[mode].toLowerCase()} : ${dayFormat.format(new Date(`${day}T00:00:00Z`))}`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Créneau</th>
                <th scope="col">Réservées / capacité</th>
                <th scope="col">État</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {slots
                .filter((slot) => slot.day === day)
                .map((slot) => {
                  const label = `${timeFormat.format(new Date(slot.start))}–${timeFormat.format(new Date(slot.end))}`;
                  return (
                    <tr key={slot.key} data-slot={slot.key}>
                      <th scope="row">{label}</th>
                      <td>{`${slot.booked} / ${slot.capacity}`}</td>
                      <td>
                        {slot.isClosed
                          ? "Fermé"
                          : slot.booked >= slot.capacity
                            ? "Complet"
                            : "Ouvert"}
                        {slot.isOverridden && !slot.isClosed ? " (capacité propre)" : ""}
                      </td>
                      <td>
                        <Form method="post" className="admin-inline-form">
                          <CsrfField />
                          <input type="hidden" name="storeId" value={storeId} />
                          <input type="hidden" name="mode" value={mode} />
                          <input type="hidden" name="start" value={slot.start} />
                          <label
                            className="admin-visually-hidden"
                            htmlFor={`capacity-${slot.start}`}
                          >
                            {`Capacité du créneau ${slot.key}`}
                          </label>
                          <input
                            id={`capacity-${slot.start}`}
                            name="capacity"
                            inputMode="numeric"
                            size={4}
                            defaultValue={slot.isClosed ? "" : String(slot.capacity)}
                          />
                          <button
                            type="submit"
                            name="intent"
                            value="capacity"
                            className="admin-button"
                          >
                            {`Changer la capacité du créneau ${slot.key}`}
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value={slot.isClosed ? "reopen" : "close"}
                            className="admin-button"
                          >
                            {slot.isClosed
                              ? `Rouvrir le créneau ${slot.key}`
                              : `Fermer le créneau ${slot.key}`}
                          </button>
                          {slot.isOverridden && (
                            <button
                              type="submit"
                              name="intent"
                              value="reset"
                              className="admin-button"
                            >
                              {`Capacité du magasin pour ${slot.key}`}
                            </button>
                          )}
                        </Form>
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}
