import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  type CheckedAddressView,
  checkAddress,
  fetchPickupStores,
  fetchSlots,
  OrderModeError,
  type PickupStoreView,
  type SlotView,
  saveOrderMode,
} from "#app/components/order-mode/client.ts";
import { firstFreeSlot, groupSlotsByDay } from "#app/components/order-mode/slots.ts";
import { formatCents, formatDate, formatSlot, formatSlotHours } from "#app/lib/format.ts";
import {
  currentLocationId,
  type OrderModeOptions,
  readOrderModeFromDocument,
  writeOrderModeToDocument,
} from "#app/lib/order-mode/order-mode.ts";
import "./order-mode.css";

type Step = "choice" | "delivery" | "province" | "pickup" | "slot";

type AddressFields = { address: string; postcode: string; city: string; instructions: string };

export const TEXTS = {
  choiceTitle: "Comment souhaitez-vous recevoir votre commande ?",
  changeTitle: "Changer de mode de livraison ou de retrait",
  deliveryTitle: "Livraison à domicile",
  pickupTitle: "Retrait en magasin",
  slotTitle: "Choisissez un créneau",
  provinceTitle: "Livraison en province",
  emptyCartGrocery:
    "Les plats traiteur se commandent séparément des produits d'épicerie : votre panier actuel sera vidé à la validation.",
  emptyCartRestauration:
    "Ce produit ne peut pas être commandé avec les plats traiteur de votre panier : votre panier actuel sera vidé à la validation.",
  province:
    "Cette adresse est en province : vos produits d'épicerie vous seront expédiés, sans créneau de livraison. Seuls les produits expédiables en France sont proposés.",
  noSlot: "Aucun créneau n'est disponible pour le moment. Choisissez un autre magasin ou mode.",
  noStore: "Aucun magasin ne propose le retrait pour le moment.",
  loading: "Chargement…",
} as const;

/**
 * The order-mode modal (ordering-and-server.md §2–§4; DESIGN.md §5): delivery (address checked
 * against the stores' delivery zones; a province address is shipped, without slot) or pickup (a
 * store), then a slot — days grouped, the first free slot chosen by default, full slots shown but
 * not selectable. Nothing is saved before the last step: POST /order-mode/ checks everything
 * again and sets the cookies. Options: `skipChoice` (straight to the current mode's form),
 * `modeChange` (changing an existing choice), `slotOnly` (only another slot), `newMode` (start on
 * that mode's form), `onComplete` (called with the saved state), `fromPanel` (opened over a side
 * panel), `changeRestauration` with `productIsRestauration` (the cart will be emptied).
 */
export default function OrderModeModal({
  options,
  onClose,
}: {
  options: OrderModeOptions;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [initial] = useState(() => readOrderModeFromDocument());
  const restauration = options.productIsRestauration === true;

  const [step, setStep] = useState<Step>(() => firstStep(options, initial));
  const [mode, setMode] = useState<1 | 2>(
    () => options.newMode ?? (initial.mode === 2 ? 2 : initial.mode === 1 ? 1 : 1),
  );
  const [fields, setFields] = useState<AddressFields>(() => ({
    address: initial.deliveryAddress?.address ?? "",
    postcode: initial.deliveryAddress?.postcode ?? "",
    city: initial.deliveryAddress?.city ?? "",
    instructions: initial.deliveryAddress?.instructions ?? "",
  }));
  const [checked, setChecked] = useState<CheckedAddressView | null>(null);
  const [stores, setStores] = useState<PickupStoreView[] | null>(null);
  const [storeId, setStoreId] = useState<number | null>(initial.pickupLocationId);
  const [slots, setSlots] = useState<SlotView[] | null>(null);
  const [slotKey, setSlotKey] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const slotOnly = step === "slot" && options.slotOnly === true && checked === null;

  // Shown as a modal at once; focus goes back to what opened it.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    return () => opener?.focus?.();
  }, []);

  // The step's data: the pickup stores, or the slots of the chosen store and mode.
  const location = mode === 1 ? (checked?.store?.id ?? initial.deliveryLocationId) : storeId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads on entering a step.
  useEffect(() => {
    if (step === "pickup" && stores === null) {
      fetchPickupStores()
        .then((list) => {
          setStores(list);
          setStoreId((id) => (list.some((s) => s.id === id) ? id : (list[0]?.id ?? null)));
        })
        .catch((e: unknown) => fail(e));
    }
    if (step === "slot" && slots === null && location !== null) loadSlots(location);
  }, [step]);

  function fail(e: unknown) {
    if (e instanceof OrderModeError) setError({ message: e.message, field: e.field });
    else setError({ message: "Oops...Something went wrong" });
  }

  function loadSlots(at: number, keepError = false) {
    if (!keepError) setError(null);
    setSlots(null);
    fetchSlots(at, mode)
      .then((list) => {
        setSlots(list);
        const stored = initial.deliverySlot?.slot;
        const keep = list.find((s) => s.key === stored && !s.isFull && slotOnly);
        setSlotKey(keep?.key ?? firstFreeSlot(list)?.key ?? null);
      })
      .catch((e: unknown) => fail(e));
  }

  function go(next: Step) {
    setError(null);
    setStep(next);
  }

  async function onAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await checkAddress({
        ...fields,
        ...(restauration ? { restauration: "1" } : {}),
      });
      setChecked(result);
      setSlots(null);
      go(result.store ? "slot" : "province");
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const form = new FormData(event.currentTarget);
    try {
      const state = await saveOrderMode(form);
      // The answer set the cookies: the header and others read them again.
      writeOrderModeToDocument({});
      if (options.onComplete) await options.onComplete(state);
      dialog.current?.close();
    } catch (e) {
      fail(e);
      if (
        e instanceof OrderModeError &&
        (e.code === "slot_full" || e.code === "slot_unavailable")
      ) {
        if (location !== null) loadSlots(location, true);
      }
    } finally {
      setBusy(false);
    }
  }

  const title =
    step === "choice"
      ? options.modeChange
        ? TEXTS.changeTitle
        : TEXTS.choiceTitle
      : step === "delivery"
        ? TEXTS.deliveryTitle
        : step === "pickup"
          ? TEXTS.pickupTitle
          : step === "province"
            ? TEXTS.provinceTitle
            : TEXTS.slotTitle;

  const fieldError = (name: string) => (error?.field === name ? errorId : undefined);
  const errorBox = error && (
    <p id={errorId} className="order-mode__error" role="alert">
      {error.message}
    </p>
  );
  const back = (to: Step) => (
    <button type="button" className="button order-mode__back" onClick={() => go(to)}>
      Retour
    </button>
  );
  const hidden = (
    <>
      <input type="hidden" name="returnTo" value={currentPath()} />
      {restauration && <input type="hidden" name="restauration" value="1" />}
    </>
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard equivalent is Escape (native to <dialog>).
    <dialog
      ref={dialog}
      className={`order-mode${options.fromPanel ? " order-mode--over-panel" : ""}`}
      aria-labelledby={titleId}
      data-step={step}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="order-mode__box">
        <header className="order-mode__header">
          <h2 id={titleId} className="order-mode__title">
            {title}
          </h2>
          <button
            type="button"
            className="order-mode__close"
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Fermer</span>
          </button>
        </header>

        {options.changeRestauration && (
          <p className="order-mode__warning">
            {restauration ? TEXTS.emptyCartGrocery : TEXTS.emptyCartRestauration}
          </p>
        )}

        {step === "choice" && (
          <div className="order-mode__choices">
            {errorBox}
            <button
              type="button"
              className="order-mode__choice"
              aria-pressed={options.modeChange ? initial.mode === 1 : undefined}
              onClick={() => {
                setMode(1);
                go("delivery");
              }}
            >
              <span className="order-mode__choice-title">Livraison à domicile</span>
              <span className="order-mode__choice-text">
                Chez vous, sur le créneau de votre choix
              </span>
            </button>
            <button
              type="button"
              className="order-mode__choice"
              aria-pressed={options.modeChange ? initial.mode === 2 : undefined}
              onClick={() => {
                setMode(2);
                go("pickup");
              }}
            >
              <span className="order-mode__choice-title">Retrait en magasin</span>
              <span className="order-mode__choice-text">Dans l'un de nos comptoirs parisiens</span>
            </button>
          </div>
        )}

        {step === "delivery" && (
          <form
            method="get"
            action="/order-mode/address.json"
            className="order-mode__form"
            onSubmit={onAddress}
            noValidate
          >
            {errorBox}
            <AddressInput
              name="address"
              label="Adresse"
              autoComplete="street-address"
              value={fields.address}
              onChange={(address) => setFields({ ...fields, address })}
              describedBy={fieldError("address")}
            />
            <div className="order-mode__row">
              <AddressInput
                name="postcode"
                label="Code postal"
                autoComplete="postal-code"
                inputMode="numeric"
                value={fields.postcode}
                onChange={(postcode) => setFields({ ...fields, postcode })}
                describedBy={fieldError("postcode")}
              />
              <AddressInput
                name="city"
                label="Ville"
                autoComplete="address-level2"
                value={fields.city}
                onChange={(city) => setFields({ ...fields, city })}
                describedBy={fieldError("city")}
              />
            </div>
            <AddressInput
              name="instructions"
              label="Instructions de livraison (facultatif)"
              required={false}
              value={fields.instructions}
              onChange={(instructions) => setFields({ ...fields, instructions })}
              describedBy={fieldError("instructions")}
            />
            <div className="order-mode__actions">
              {!options.skipChoice && back("choice")}
              <button type="submit" className="button button--primary" disabled={busy}>
                Vérifier l'adresse
              </button>
            </div>
          </form>
        )}

        {step === "province" && (
          <form method="post" action="/order-mode/" className="order-mode__form" onSubmit={save}>
            {errorBox}
            <p>{TEXTS.province}</p>
            <p className="order-mode__summary">
              {fields.address}, {fields.postcode} {fields.city}
            </p>
            <input type="hidden" name="mode" value="1" />
            <AddressHidden fields={fields} />
            {hidden}
            <div className="order-mode__actions">
              {back("delivery")}
              <button type="submit" className="button button--primary" disabled={busy}>
                Valider
              </button>
            </div>
          </form>
        )}

        {step === "pickup" && (
          <form
            className="order-mode__form"
            onSubmit={(event) => {
              event.preventDefault();
              if (storeId === null) return;
              setSlots(null);
              go("slot");
            }}
          >
            {errorBox}
            {stores === null ? (
              !error && <p aria-live="polite">{TEXTS.loading}</p>
            ) : stores.length === 0 ? (
              <p>{TEXTS.noStore}</p>
            ) : (
              <fieldset className="order-mode__stores">
                <legend>Choisissez votre magasin</legend>
                {stores.map((store) => (
                  <label key={store.id} className="order-mode__store">
                    <input
                      type="radio"
                      name="store"
                      value={store.id}
                      checked={storeId === store.id}
                      onChange={() => setStoreId(store.id)}
                    />
                    <span>
                      <span className="order-mode__store-name">{store.name}</span>
                      <span className="order-mode__store-address">{store.address}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <div className="order-mode__actions">
              {!options.skipChoice && back("choice")}
              <button
                type="submit"
                className="button button--primary"
                disabled={storeId === null || !stores?.length}
              >
                Choisir ce magasin
              </button>
            </div>
          </form>
        )}

        {step === "slot" && (
          <form method="post" action="/order-mode/" className="order-mode__form" onSubmit={save}>
            {mode === 1 && checked?.store && (
              <p className="order-mode__summary">
                Livraison par {checked.store.name} — frais de livraison{" "}
                {formatCents(Math.round(checked.store.deliveryFee * 100))}
                {checked.store.freeDeliveryOver != null &&
                  `, offerts dès ${formatCents(Math.round(checked.store.freeDeliveryOver * 100))}`}
                {(checked.store.minimumOrder ?? 0) > 0 &&
                  ` — minimum de commande ${formatCents(Math.round((checked.store.minimumOrder ?? 0) * 100))}`}
              </p>
            )}
            {errorBox}
            {slots === null ? (
              !error && <p aria-live="polite">{TEXTS.loading}</p>
            ) : firstFreeSlot(slots) === null ? (
              <p>{TEXTS.noSlot}</p>
            ) : (
              <div className="order-mode__days">
                {groupSlotsByDay(slots).map((group) => (
                  <fieldset key={group.day} className="order-mode__day">
                    <legend className="order-mode__day-title">
                      {formatDate(group.day, { year: false })}
                    </legend>
                    <div className="order-mode__slots">
                      {group.slots.map((slot) => (
                        <label
                          key={slot.key}
                          className={`order-mode__slot${slot.isFull ? " order-mode__slot--full" : ""}`}
                        >
                          <input
                            type="radio"
                            name="slot"
                            value={slot.key}
                            disabled={slot.isFull}
                            checked={slotKey === slot.key}
                            onChange={() => setSlotKey(slot.key)}
                            aria-label={`${formatSlot(slot.key)}${slot.isFull ? ", complet" : ""}`}
                          />
                          <span aria-hidden="true">
                            {formatSlotHours(slot.key)}
                            {slot.isFull && <span className="order-mode__full"> complet</span>}
                          </span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                ))}
              </div>
            )}
            {slotOnly ? (
              <input type="hidden" name="intent" value="slot" />
            ) : (
              <>
                <input type="hidden" name="mode" value={mode} />
                {mode === 1 ? (
                  <AddressHidden fields={fields} />
                ) : (
                  <input type="hidden" name="store" value={storeId ?? ""} />
                )}
              </>
            )}
            {hidden}
            <div className="order-mode__actions">
              {!slotOnly && back(mode === 1 ? "delivery" : "pickup")}
              <button
                type="submit"
                className="button button--primary"
                disabled={busy || slotKey === null}
              >
                Valider ce créneau
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}

function firstStep(
  options: OrderModeOptions,
  state: ReturnType<typeof readOrderModeFromDocument>,
): Step {
  if (options.slotOnly && state.mode !== 0 && currentLocationId(state) !== null) return "slot";
  const mode = options.newMode ?? (options.skipChoice && state.mode !== 0 ? state.mode : null);
  if (mode === 1) return "delivery";
  if (mode === 2) return "pickup";
  return "choice";
}

function currentPath(): string {
  return typeof location === "undefined" ? "/" : `${location.pathname}${location.search}`;
}

function AddressHidden({ fields }: { fields: AddressFields }) {
  return (
    <>
      <input type="hidden" name="address" value={fields.address} />
      <input type="hidden" name="postcode" value={fields.postcode} />
      <input type="hidden" name="city" value={fields.city} />
      <input type="hidden" name="instructions" value={fields.instructions} />
    </>
  );
}

function AddressInput({
  name,
  label,
  value,
  onChange,
  describedBy,
  autoComplete,
  inputMode,
  required = true,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
  autoComplete?: string;
  inputMode?: "numeric";
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="order-mode__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={describedBy ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
