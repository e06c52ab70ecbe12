import { serverContext } from "#app/lib/server-context.ts";
import {
  OrderingUnavailable,
  orderingAdminCall,
  storeMenuCsv,
  storeMenuRows,
} from "#platform/backoffice/index.ts";
import type { Route } from "./+types/export-flipdish.$store";

/** A store's restauration products as CSV, for signed-in staff (the `export-flipdish` screen). */
export async function loader({ params, context }: Route.LoaderArgs) {
  // `1101.csv`: a name with a dot, as a file's (no trailing-slash redirect).
  const match = /^([1-9]\d{0,9})\.csv$/.exec(params.store);
  if (!match) throw new Response("Magasin inconnu", { status: 404 });
  const { database, env, logger } = context.get(serverContext);
  const storeId = Number(match[1]);
  try {
    const found = await storeMenuRows(
      database.db,
      orderingAdminCall(env.ORDERING_API_TOKEN),
      storeId,
    );
    if (!found) throw new Response("Magasin inconnu", { status: 404 });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(storeMenuCsv(found.rows), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="flipdish-produits-${storeId}-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof OrderingUnavailable)) throw error;
    logger.warn({ err: error }, "ordering service call failed");
    throw new Response("Le service de commande ne répond pas : réessayez dans un instant.", {
      status: 502,
    });
  }
}
