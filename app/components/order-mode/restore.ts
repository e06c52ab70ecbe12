import { decideSlotRestore, type RestoreDecision } from "#app/components/order-mode/slots.ts";
import {
  openOrderMode,
  readOrderModeFromDocument,
  writeOrderModeToDocument,
} from "#app/lib/order-mode/order-mode.ts";

/** Told to the shopper when the stored slot passed and no slot is free any more. */
export const NO_FREE_SLOT_MESSAGE =
  "Votre créneau est passé et aucun autre n'est disponible. Choisissez un nouveau créneau.";

let started = false;

/**
 * The slot restore on client start (ordering-and-server.md §4), once per page load: a past slot
 * is replaced by the first free one (key and day stored), a valid one kept; with no free slot the
 * shopper is told and the modal opens to choose again; failures are swallowed (§8).
 */
export async function restoreSlotOnStart(
  deps: { now?: () => Date; notify?: (message: string) => void } = {},
): Promise<RestoreDecision | null> {
  if (started) return null;
  started = true;
  const decision = await decideSlotRestore(readOrderModeFromDocument(), {
    now: deps.now ?? (() => new Date()),
    // The client's code loads only when a past slot must be replaced.
    fetchSlots: async (location, mode) =>
      (await import("#app/components/order-mode/client.ts")).fetchSlots(location, mode),
  });
  if (decision.kind === "replace") {
    writeOrderModeToDocument({ deliverySlot: decision.slot });
  } else if (decision.kind === "ask") {
    const notify =
      deps.notify ??
      (async (message: string) => {
        const { toast } = await import("#app/components/toast/toast.ts");
        toast.info(message);
      });
    notify(NO_FREE_SLOT_MESSAGE);
    openOrderMode({ skipChoice: true, modeChange: true });
  }
  return decision;
}
