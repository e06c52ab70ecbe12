import { serverContext } from "#app/lib/server-context.ts";
import { feedResponse } from "#platform/commerce/index.ts";
import type { Route } from "./+types/export-flux-produit.$file";

const FILES = { "produits.csv": "csv", "produits.xml": "xml" } as const;

/** The feed files of the `export-flux-produit` screen, for signed-in staff (streamed). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const format = FILES[params.file as keyof typeof FILES];
  if (!format) throw new Response("Fichier inconnu", { status: 404 });
  const { env, database } = context.get(serverContext);
  return feedResponse({ database }, format, env.PUBLIC_URL);
}
