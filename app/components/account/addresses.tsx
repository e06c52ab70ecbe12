import { Form, Link, useNavigation } from "react-router";
import { Field, FormMessage } from "./field.tsx";
import type { FormAnswer } from "./sign-in-forms.tsx";

export type AddressView = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  countryCodeV2: string | null;
  phone: string;
  formatted: string[];
  isDefault: boolean;
};

/** The countries the commerce service delivers to (MailingAddress `CountryCode`). */
const COUNTRIES = [
  ["FR", "France"],
  ["BE", "Belgique"],
  ["LU", "Luxembourg"],
  ["MC", "Monaco"],
  ["CH", "Suisse"],
  ["DE", "Allemagne"],
  ["ES", "Espagne"],
  ["IT", "Italie"],
] as const;

type Props = {
  addresses: AddressView[];
  /** The address being edited (`?adresse=` of the URL). */
  editing: string | null;
  answer?: FormAnswer;
  notice?: string | null;
};

/**
 * The customer's addresses (storefront.md §5): add (line, zip and city required, France by
 * default), edit, delete, choose the default one.
 */
export function Addresses({ addresses, editing, answer, notice }: Props) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const createAnswer = answer?.intent === "address-create" ? answer : undefined;
  const listAnswer =
    answer && answer.intent !== "address-create" && answer.intent.startsWith("address")
      ? answer
      : undefined;
  return (
    <section className="account-card" aria-labelledby="adresses-titre" id="adresses">
      <h2 id="adresses-titre">Mes adresses</h2>
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      {listAnswer?.errors.form && !editing && (
        <FormMessage kind="error">{listAnswer.errors.form}</FormMessage>
      )}
      {addresses.length === 0 ? (
        <p>Vous n'avez pas encore d'adresse enregistrée.</p>
      ) : (
        <ul className="account-addresses">
          {addresses.map((address) =>
            editing === address.id ? (
              <li key={address.id} className="account-address account-address--editing">
                <AddressForm
                  intent="address-update"
                  address={address}
                  answer={listAnswer}
                  busy={pending === "address-update"}
                  title="Modifier l'adresse"
                />
                <Link to="/compte/#adresses" className="account-link">
                  Annuler
                </Link>
              </li>
            ) : (
              <li key={address.id} className="account-address">
                {address.isDefault && <p className="account-address__badge">Adresse par défaut</p>}
                <address>
                  {address.formatted.map((line) => (
                    <span key={line}>
                      {line}
                      <br />
                    </span>
                  ))}
                  {address.phone && <span>{address.phone}</span>}
                </address>
                <div className="account-address__actions">
                  <Link
                    to={`/compte/?adresse=${encodeURIComponent(address.id)}#adresses`}
                    className="account-link"
                    aria-label={`Modifier l'adresse ${address.formatted[1] ?? address.address1 ?? ""}`}
                  >
                    Modifier
                  </Link>
                  {!address.isDefault && (
                    <Form method="post" action="/compte/">
                      <input type="hidden" name="intent" value="address-default" />
                      <input type="hidden" name="id" value={address.id} />
                      <button type="submit" className="account-link">
                        Définir par défaut
                      </button>
                    </Form>
                  )}
                  <Form method="post" action="/compte/">
                    <input type="hidden" name="intent" value="address-delete" />
                    <input type="hidden" name="id" value={address.id} />
                    <button
                      type="submit"
                      className="account-link account-link--danger"
                      aria-label={`Supprimer l'adresse ${address.formatted[1] ?? address.address1 ?? ""}`}
                    >
                      Supprimer
                    </button>
                  </Form>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <details
        className="account-address-new"
        open={Boolean(createAnswer) || addresses.length === 0}
      >
        <summary>Ajouter une adresse</summary>
        <AddressForm
          intent="address-create"
          answer={createAnswer}
          busy={pending === "address-create"}
          title="Nouvelle adresse"
        />
      </details>
    </section>
  );
}

function AddressForm({
  intent,
  address,
  answer,
  busy,
  title,
}: {
  intent: "address-create" | "address-update";
  address?: AddressView;
  answer?: FormAnswer;
  busy: boolean;
  title: string;
}) {
  const value = (name: keyof AddressView) =>
    answer?.values[name] ?? (address ? String(address[name] ?? "") : "");
  return (
    <Form method="post" action="/compte/#adresses" className="account-form" aria-label={title}>
      <input type="hidden" name="intent" value={intent} />
      {address && <input type="hidden" name="id" value={address.id} />}
      {answer?.errors.form && <FormMessage kind="error">{answer.errors.form}</FormMessage>}
      <div className="account-form__row">
        <Field
          label="Prénom"
          name="firstName"
          autoComplete="given-name"
          defaultValue={value("firstName")}
        />
        <Field
          label="Nom"
          name="lastName"
          autoComplete="family-name"
          defaultValue={value("lastName")}
        />
      </div>
      <Field
        label="Société (facultatif)"
        name="company"
        autoComplete="organization"
        defaultValue={value("company")}
      />
      <Field
        label="Adresse"
        name="address1"
        autoComplete="address-line1"
        defaultValue={value("address1")}
        error={answer?.errors.address1}
      />
      <Field
        label="Complément d'adresse (facultatif)"
        name="address2"
        autoComplete="address-line2"
        defaultValue={value("address2")}
      />
      <div className="account-form__row">
        <Field
          label="Code postal"
          name="zip"
          autoComplete="postal-code"
          inputMode="numeric"
          defaultValue={value("zip")}
          error={answer?.errors.zip}
        />
        <Field
          label="Ville"
          name="city"
          autoComplete="address-level2"
          defaultValue={value("city")}
          error={answer?.errors.city}
        />
      </div>
      <div className="account-field">
        <label htmlFor={`${intent}-country`}>Pays</label>
        <select
          id={`${intent}-country`}
          name="country"
          defaultValue={answer?.values.country ?? address?.countryCodeV2 ?? "FR"}
        >
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <Field
        label="Téléphone (facultatif)"
        type="tel"
        name="phone"
        autoComplete="tel"
        defaultValue={value("phone")}
        error={answer?.errors.phone}
      />
      {!address?.isDefault && (
        <label className="account-checkbox">
          <input type="checkbox" name="default" defaultChecked={answer?.values.default === "on"} />
          <span>Utiliser comme adresse par défaut</span>
        </label>
      )}
      <button type="submit" className="account-button account-button--primary" disabled={busy}>
        Enregistrer l'adresse
      </button>
    </Form>
  );
}
