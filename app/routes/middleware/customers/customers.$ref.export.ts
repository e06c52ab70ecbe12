import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { exportCustomer, parseCustomerRef } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/customers.$ref.export";

/**
 * « Exporter les données » of a customer's page: everything held about the person as a JSON file
 * (GDPR access). A POST with the CSRF token, so that every export is deliberate and logged.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await readStaffForm(request, context);
  const ref = parseCustomerRef(params.ref);
  if (!ref) throw new Response("Client introuvable", { status: 404 });
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const now = new Date();
  const data = await exportCustomer(database.db, staff, ref, now);
  if (!data) throw new Response("Client introuvable", { status: 404 });
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="client-${params.ref}-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  throw new Response("Méthode non autorisée", { status: 405 });
}
