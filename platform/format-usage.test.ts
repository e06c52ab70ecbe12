import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Prices, times, time ranges and dates are printed by platform/format.ts only (docs/formats.md).
 * This check fails when the storefront, the emails, the receipts, the hosted checkout or the
 * demo content format one by hand again: `toFixed(2)` made French, a `… €` template, an
 * `Intl.NumberFormat`, a French `Intl.DateTimeFormat`, `toLocale…String`, `12h${…}`, or a time
 * range glued with a dash (a slot's machine key, `12:00-13:00`, is not printed), or a slot spelled
 * a second way (`12:00 – 13:00`). Every slot goes through `formatSlot`. The admin area
 * (app/routes/middleware/, app/components/admin/, platform/backoffice/) prints counts and staff
 * timestamps of its own and is left out.
 */

const ROOT = join(import.meta.dirname, "..");
const SCOPE = ["app", "platform", "server", "seed/content", "seed/catalogue"];
const LEFT_OUT = [
  "platform/format.ts",
  "app/routes/middleware/",
  "app/components/admin/",
  "platform/backoffice/",
  "app/lib/storefront.generated.ts",
  // Machine formats: the product feed's amounts (a decimal comma for Excel), the default of
  // Shopify's Liquid `moneyFormat`, a VAT rate (a percentage, not a price).
  "platform/commerce/catalogue/feed.ts",
  "platform/commerce/schema.ts",
  "platform/vat.ts",
];

const RULES: { name: string; pattern: RegExp }[] = [
  { name: "a price made French by hand", pattern: /toFixed\(2\)[^\n]*(replace\(|€)/ },
  { name: "a price template (… €)", pattern: /\}(\s|\\u00a0|&nbsp;)?€/ },
  { name: "a price concatenated with €", pattern: /\+\s*["'`](\s|\\u00a0)?€/ },
  { name: "Intl.NumberFormat", pattern: /Intl\.NumberFormat\(/ },
  { name: "a French Intl.DateTimeFormat", pattern: /Intl\.DateTimeFormat\(\s*["']fr/ },
  { name: "toLocale…String", pattern: /\.toLocale(Date|Time)?String\(/ },
  { name: "a time written by hand (hours, h, minutes)", pattern: /\}h\$\{/ },
  {
    name: "a time range glued by hand",
    pattern: /\$\{[^}]*(start|end|hour|time|clock|open|close)[^}]*\}(\s?–\s?| - )\$\{/i,
  },
  { name: "a time range spelled with colons", pattern: /\d{1,2}:\d{2}\s?–\s?\d{1,2}:\d{2}/ },
];

/** The rules a source breaks, with their line numbers. */
function formattingProblems(source: string): string[] {
  const problems: string[] = [];
  for (const [index, line] of source.split("\n").entries()) {
    for (const rule of RULES) {
      if (rule.pattern.test(line)) problems.push(`line ${index + 1}: ${rule.name}`);
    }
  }
  return problems;
}

/** A sample of code, written with `#{` for a template's `${` (which a linter would flag). */
const code = (sample: string) => sample.replaceAll("#{", "$" + "{");

function sources(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sources(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|testing/.test(path)) files.push(path);
  }
  return files;
}

describe("the shop's formats have one module", () => {
  it("catches each way of formatting by hand", () => {
    for (const bad of [
      "const p = `#{(cents / 100).toFixed(2).replace('.', ',')} €`;",
      "return `#{whole},#{fraction} €`;",
      "return `#{amount}\\u00a0€`;",
      'const label = price + " €";',
      'const n = new Intl.NumberFormat("fr-FR", { style: "currency" });',
      'const d = new Intl.DateTimeFormat("fr-FR", { day: "numeric" });',
      "date.toLocaleDateString('fr-FR')",
      "return `#{match[1]}h#{match[2]}`;",
      "return `#{start}–#{end}`;",
      "return `#{slot.startTime} - #{slot.endTime}`;",
      // The hosted checkout's second spelling of a slot (issue 47): « mardi 24 novembre, 12:00 – 13:00 ».
      'const DAY = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric" });',
      "return `#{DAY.format(date)}, #{start} – #{end}`;",
      "/** `2026-11-24 12:00-13:00` → « mardi 24 novembre, 12:00 – 13:00 » */",
    ]) {
      expect(formattingProblems(code(bad)), bad).not.toEqual([]);
    }
  });

  it("lets a title with a dash, a label with €, a machine price and machine dates pass", () => {
    for (const fine of [
      "title: `#{product.title} – #{brandName} | Comptoir`,",
      "<legend>Prix (€)</legend>",
      "price: (state.price / 100).toFixed(2),",
      'new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" })',
      "formatTimeRange(period.start, period.end)",
      "key: `#{day} #{clock(startMinutes)}-#{clock(endMinutes)}`,",
    ]) {
      expect(formattingProblems(code(fine)), fine).toEqual([]);
    }
  });

  it("finds no price, time, range or date formatted outside platform/format.ts", () => {
    const found = SCOPE.flatMap(sources)
      .filter((path) => !LEFT_OUT.some((out) => path.startsWith(out)))
      .flatMap((path) =>
        formattingProblems(readFileSync(join(ROOT, path), "utf8")).map(
          (problem) => `${relative(ROOT, join(ROOT, path))} ${problem}`,
        ),
      );
    expect(found).toEqual([]);
  });
});
