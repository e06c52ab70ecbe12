import { readSynonymInput } from "#platform/search/index.ts";
import { searchSynonym } from "#platform/search/tables.ts";
import type { Seeder } from "#seed/seeder.ts";

/**
 * The demo search synonyms (docs/demo-data.md): words shoppers type for what the demo catalogue
 * calls otherwise, each finding real demo products (platform/search/synonyms.int.test.ts checks
 * it). Staff change them on the office's « Synonymes » screen.
 */
export const DEMO_SYNONYMS = [
  // Champagnes and crémants.
  { term: "bulles", replacements: ["champagne", "crémant"], kind: "one-way" },
  // Chocolate bars, ballotins, spreads.
  { term: "choco", replacements: ["chocolat"], kind: "one-way" },
  // Bayonne, Parme, Bigorre and bellota hams say « affiné ».
  { term: "jambon cru", replacements: ["jambon sec", "jambon affiné"], kind: "equivalent" },
  { term: "apéro", replacements: ["apéritif"], kind: "one-way" },
  { term: "biologique", replacements: ["bio"], kind: "one-way" },
  { term: "fromton", replacements: ["fromage"], kind: "one-way" },
] as const;

export const synonymsSeeder: Seeder = {
  name: "synonyms",
  tables: [searchSynonym],
  async run(tx, _random, { now }) {
    await tx.insert(searchSynonym).values(
      DEMO_SYNONYMS.map((synonym) => {
        const read = readSynonymInput(synonym);
        if (!read.ok)
          throw new Error(`demo synonym ${synonym.term}: ${JSON.stringify(read.errors)}`);
        const { term, replacements, kind } = read;
        return { term, replacements, kind, updatedBy: "demo", updatedAt: now };
      }),
    );
  },
};
