import { defineConfig } from "drizzle-kit";

/** Every table is declared in its module's schema files; db/ holds only the seed's run log. */
export default defineConfig({
  dialect: "postgresql",
  schema: ["./db/meta-schema.ts", "./platform/*/schema.ts", "./platform/*/*-schema.ts"],
  out: "./db/migrations",
});
