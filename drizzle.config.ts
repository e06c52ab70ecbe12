import { defineConfig } from "drizzle-kit";

/**
 * Every table is declared in its module's schema files; db/ holds only the seed's run log and the
 * order number series both kinds of order share.
 */
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./db/meta-schema.ts",
    "./platform/*/schema.ts",
    "./platform/*/*-schema.ts",
    "./platform/*/*/schema.ts",
  ],
  out: "./db/migrations",
});
