/** The values of the product filter, as the URL holds them (see `readProductFilter`). */
export type FilterValues = {
  q?: string;
  collection?: string;
  marque?: string;
  dispo?: string;
  archive?: string;
  restauration?: string;
};

export type FilterChoices = {
  collections: { id: number; title: string }[];
  brands: { id: number; label: string }[];
};

/** The filter values of a URL, for the fields' default values. */
export function filterValuesOf(params: URLSearchParams): FilterValues {
  const read = (name: string) => params.get(name) ?? undefined;
  return {
    q: read("q"),
    collection: read("collection"),
    marque: read("marque"),
    dispo: read("dispo"),
    archive: read("archive"),
    restauration: read("restauration"),
  };
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        <option value="">Tous</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The product search and filters (title, handle, SKU or vendor; collection, brand, availability,
 * archive, restauration), shared by the product list and the bulk price screen. A GET form: the
 * URL holds the selection, so it can be bookmarked and works without JavaScript.
 */
export function ProductFilterFields({
  values,
  choices,
}: {
  values: FilterValues;
  choices: FilterChoices;
}) {
  return (
    <div className="admin-filters">
      <label className="admin-field admin-filters__search">
        <span>Recherche</span>
        <input
          type="search"
          name="q"
          defaultValue={values.q}
          placeholder="Titre, identifiant, SKU ou fabricant"
        />
      </label>
      <Select
        name="collection"
        label="Collection"
        value={values.collection}
        options={choices.collections.map((c) => ({ value: String(c.id), label: c.title }))}
      />
      <Select
        name="marque"
        label="Marque"
        value={values.marque}
        options={choices.brands.map((b) => ({ value: String(b.id), label: b.label }))}
      />
      <Select
        name="dispo"
        label="Disponibilité"
        value={values.dispo}
        options={[
          { value: "en-vente", label: "En vente" },
          { value: "indisponible", label: "Indisponible" },
        ]}
      />
      <Select
        name="archive"
        label="Archivage"
        value={values.archive}
        options={[
          { value: "non", label: "Non archivés" },
          { value: "oui", label: "Archivés" },
        ]}
      />
      <Select
        name="restauration"
        label="Restauration"
        value={values.restauration}
        options={[
          { value: "oui", label: "Restauration" },
          { value: "non", label: "Épicerie" },
        ]}
      />
    </div>
  );
}
