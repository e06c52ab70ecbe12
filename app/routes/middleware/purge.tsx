import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readStaffForm } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import type { Route } from "./+types/purge";

export const meta: Route.MetaFunction = () => [
  { title: "Cache des pages — Administration Comptoir" },
];

export function loader({ context }: Route.LoaderArgs) {
  const { pageCache } = context.get(serverContext);
  return { pages: pageCache.pages(), maxEntries: pageCache.maxEntries };
}

const PATH_HINT = "Indiquez une adresse de page, par exemple /p/miel-de-lavande/.";

const purgeForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("all") }),
  z.object({
    intent: z.literal("url"),
    url: z
      .string()
      .trim()
      .min(1, PATH_HINT)
      .transform((value) => {
        // An address copied from the browser is fine: only its path and query count.
        try {
          const url = new URL(value, "http://comptoir.invalid");
          return url.pathname + url.search;
        } catch {
          return "";
        }
      })
      .pipe(
        z
          .string()
          .startsWith("/", "Indiquez une adresse de page, par exemple /p/miel-de-lavande/."),
      ),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const parsed = purgeForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return {
      ok: false as const,
      message: parsed.error.issues[0]?.message ?? "Formulaire invalide.",
    };
  }
  const { pageCache } = context.get(serverContext);
  if (parsed.data.intent === "all") {
    const purged = pageCache.purge();
    return { ok: true as const, message: `Cache vidé : ${purged} page(s) retirée(s).` };
  }
  const purged = pageCache.purge(parsed.data.url);
  return {
    ok: true as const,
    message:
      purged > 0
        ? `${parsed.data.url} retirée du cache.`
        : `${parsed.data.url} n'était pas en cache : rien à faire.`,
  };
}

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

export default function PurgeScreen() {
  const { pages, maxEntries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Cache des pages</h1>
      {result && (
        <p
          className={`admin-alert ${result.ok ? "admin-alert--success" : "admin-alert--error"}`}
          role={result.ok ? "status" : "alert"}
        >
          {result.message}
        </p>
      )}
      <section className="admin-card" aria-labelledby="cached-title">
        <h2 id="cached-title">{`Pages en cache (${pages.length} sur ${maxEntries} au plus)`}</h2>
        {pages.length === 0 ? (
          <p>Aucune page en cache.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Adresse</th>
                <th scope="col">Variante</th>
                <th scope="col">Expire le</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={`${page.url} ${page.isProvince}`}>
                  <td>{page.url}</td>
                  <td>{page.isProvince ? "Province" : "Paris"}</td>
                  <td>{dateTime.format(new Date(page.expiresAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="admin-card" aria-labelledby="purge-url-title">
        <h2 id="purge-url-title">Retirer une page</h2>
        <Form method="post" className="admin-inline-form">
          <CsrfField />
          <input type="hidden" name="intent" value="url" />
          <label className="admin-field">
            <span>Adresse de la page</span>
            <input name="url" required placeholder="/p/miel-de-lavande/" />
          </label>
          <button type="submit" className="admin-button">
            Retirer du cache
          </button>
        </Form>
      </section>
      <section className="admin-card" aria-labelledby="purge-all-title">
        <h2 id="purge-all-title">Tout vider</h2>
        <p>Les pages seront recalculées à la visite suivante.</p>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="all" />
          <button type="submit" className="admin-button admin-button--primary">
            Vider tout le cache
          </button>
        </Form>
      </section>
    </>
  );
}
