import { describe, expect, it } from "vitest";
import { CONTENT_TYPES, findContentType } from "#platform/content/index.ts";
import {
  dateControls,
  editorFields,
  formName,
  frenchErrors,
  readEntryForm,
  timeName,
} from "./content-form.ts";

/** The entry editor's form, from the content model and back (issue 50, item 2). */

const fieldsOf = (type: string) => {
  const definition = findContentType(type);
  if (!definition) throw new Error(type);
  return editorFields(definition);
};

const formOf = (values: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
};

describe("editorFields", () => {
  it("gives every field of every type a control and a French label", () => {
    for (const type of CONTENT_TYPES) {
      for (const field of editorFields(type)) {
        expect(field.kind, `${type.id}.${field.id}`).toBeTruthy();
        expect(field.label, `${type.id}.${field.id}`).not.toBe("");
      }
    }
    const blog = fieldsOf("blogpost");
    expect(blog.find((field) => field.id === "title")).toMatchObject({
      label: "Titre",
      kind: "symbol",
      required: true,
    });
    expect(blog.find((field) => field.id === "body")?.kind).toBe("richText");
    expect(blog.find((field) => field.id === "publishDate")?.kind).toBe("date");
    expect(blog.find((field) => field.id === "tags")?.kind).toBe("symbols");
    expect(blog.find((field) => field.id === "image")?.kind).toBe("asset");
    expect(blog.find((field) => field.id === "category")).toMatchObject({
      kind: "entry",
      linkTypes: [{ id: "blog_category", label: "Catégorie du blog" }],
    });
    expect(blog.find((field) => field.id === "slug")?.hint).toContain("minuscules");
    const carousel = fieldsOf("carousel");
    expect(carousel.find((field) => field.id === "kind")).toMatchObject({ kind: "select" });
    expect(carousel.find((field) => field.id === "kind")?.options).toContain("product");
    expect(fieldsOf("homepage").find((field) => field.id === "blocks")?.kind).toBe("entries");
    expect(fieldsOf("errorPage").find((field) => field.id === "code")?.kind).toBe("integer");
    expect(fieldsOf("product").find((field) => field.id === "regimes")?.kind).toBe("object");
    expect(fieldsOf("menu_item").find((field) => field.id === "isEcom")?.kind).toBe("boolean");
    expect(fieldsOf("product").find((field) => field.id === "prediscount_price")?.kind).toBe(
      "number",
    );
  });
});

describe("readEntryForm", () => {
  it("reads each control back into the model's types, an empty one as no value", () => {
    const read = readEntryForm(
      fieldsOf("blogpost"),
      formOf({
        [formName("title")]: "  Les truffes d'hiver ",
        [formName("slug")]: "truffes-d-hiver",
        [formName("author")]: "",
        [formName("excerpt")]: "Première ligne\r\nSeconde ligne",
        [formName("publishDate")]: "2026-12-04",
        [formName("tags")]: "truffe\n\n hiver \n",
        [formName("category")]: JSON.stringify({ sys: { id: "cat-saison" } }),
        [formName("related")]: JSON.stringify([
          { sys: { type: "Link", linkType: "Entry", id: "a" } },
          { sys: { type: "Link", linkType: "Entry", id: "b" } },
        ]),
        [formName("image")]: "",
      }),
      {},
    );
    expect(read).toEqual({
      ok: true,
      fields: {
        title: "Les truffes d'hiver",
        slug: "truffes-d-hiver",
        excerpt: "Première ligne\nSeconde ligne",
        publishDate: "2026-12-04",
        tags: ["truffe", "hiver"],
        category: { sys: { type: "Link", linkType: "Entry", id: "cat-saison" } },
        related: [
          { sys: { type: "Link", linkType: "Entry", id: "a" } },
          { sys: { type: "Link", linkType: "Entry", id: "b" } },
        ],
      },
    });
  });

  it("reads a day and a Paris time as an instant with Paris's offset", () => {
    const read = readEntryForm(
      fieldsOf("blogpost"),
      formOf({ [formName("publishDate")]: "2026-07-14", [timeName("publishDate")]: "09:30" }),
      {},
    );
    expect(read.ok && read.fields.publishDate).toBe("2026-07-14T09:30:00.000+02:00");
    expect(dateControls("2026-07-14T09:30:00.000+02:00")).toEqual({
      day: "2026-07-14",
      time: "09:30",
    });
    expect(dateControls("2026-12-01T08:00:00.000Z")).toEqual({ day: "2026-12-01", time: "09:00" });
    expect(dateControls("2026-12-01")).toEqual({ day: "2026-12-01", time: "" });
  });

  it("reads numbers with a French comma, booleans from their box, JSON objects", () => {
    const read = readEntryForm(
      fieldsOf("product"),
      formOf({
        [formName("name")]: "Comté",
        [formName("prediscount_price")]: "12,50",
        [formName("isProvince")]: ["false", "true"],
        [formName("regimes")]: '{ "vegetarien": true }',
      }),
      {},
    );
    expect(read).toEqual({
      ok: true,
      fields: {
        name: "Comté",
        prediscount_price: 12.5,
        isProvince: true,
        regimes: { vegetarien: true },
      },
    });
    // An unticked box the entry never had stays unset; one it had becomes false.
    const fields = fieldsOf("product");
    const unticked = formOf({ [formName("isProvince")]: "false" });
    expect(readEntryForm(fields, unticked, {})).toEqual({ ok: true, fields: {} });
    expect(readEntryForm(fields, unticked, { isProvince: true })).toEqual({
      ok: true,
      fields: { isProvince: false },
    });
  });

  it("refuses what cannot be read, with a French message next to each field", () => {
    const read = readEntryForm(
      fieldsOf("errorPage"),
      formOf({ [formName("title")]: "Introuvable", [formName("code")]: "quatre cent quatre" }),
      {},
    );
    expect(read).toEqual({
      ok: false,
      errors: { code: "Saisissez un nombre entier, par exemple 404." },
    });
    const json = readEntryForm(fieldsOf("product"), formOf({ [formName("regimes")]: "{oui" }), {});
    expect(json.ok).toBe(false);
    const day = readEntryForm(
      fieldsOf("blogpost"),
      formOf({ [formName("publishDate")]: "04/12/2026" }),
      {},
    );
    expect(day).toEqual({
      ok: false,
      errors: { publishDate: "Saisissez une date (et, si besoin, une heure) valide." },
    });
  });
});

describe("frenchErrors", () => {
  it("says the model's errors in French, one per field", () => {
    const fields = fieldsOf("blogpost");
    expect(
      frenchErrors(
        [
          { name: "required", path: ["fields", "title", "fr"], details: "Required" },
          { name: "unique", path: ["fields", "slug", "fr"], details: "Same value" },
          { name: "regexp", path: ["fields", "slug", "fr"], details: "Pattern" },
          {
            name: "linkContentType",
            path: ["fields", "category", "fr"],
            details: "Wrong type",
            contentTypeId: ["blog_category"],
          },
          { name: "size", path: ["fields", "seoTitle", "fr"], details: "Too long", max: 100 },
        ],
        fields,
      ),
    ).toEqual({
      title: "Ce champ est obligatoire.",
      slug: "Ce slug est déjà pris par un autre contenu de ce type : choisissez-en un autre.",
      category: "Ce lien ne peut mener qu'à : Catégorie du blog.",
      seoTitle: "100 caractères au plus.",
    });
  });
});
