import { Link, useLoaderData } from "react-router";
import { FilterForm } from "#app/components/admin/filter-form.tsx";
import { serverContext } from "#app/lib/server-context.ts";
import { readChangeLog } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/products-maj-log";

export const meta: Route.MetaFunction = () => [
  { title: "Journal des modifications — Administration Comptoir" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const subject = params.get("sujet")?.trim() || undefined;
  const staff = params.get("auteur")?.trim() || undefined;
  const before = Number(params.get("avant")) || undefined;
  const { database } = context.get(serverContext);
  const log = await readChangeLog(database.db, { subject, staff, before });
  return { ...log, subject, staff };
}

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Paris",
});

/** A recorded value as staff read it: text as is, the rest as compact JSON, nothing as a dash. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export default function ChangeLogScreen() {
  const { lines, nextBefore, subject, staff } = useLoaderData<typeof loader>();
  const next = new URLSearchParams();
  if (subject) next.set("sujet", subject);
  if (staff) next.set("auteur", staff);
  if (nextBefore) next.set("avant", String(nextBefore));
  return (
    <>
      <h1>Journal des modifications</h1>
      <FilterForm
        label="Filtrer le journal"
        fields={[
          {
            name: "sujet",
            label: "Produit ou sujet",
            value: subject,
            placeholder: "identifiant ou adresse",
          },
          { name: "auteur", label: "Auteur", value: staff, placeholder: "e-mail" },
        ]}
      />
      {lines.length === 0 ? (
        <p className="admin-card">Aucune modification enregistrée.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Auteur</th>
              <th scope="col">Action</th>
              <th scope="col">Sujet</th>
              <th scope="col">Avant → après</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                <td>{dateTime.format(new Date(line.at))}</td>
                <td>{line.staffEmail}</td>
                <td>{line.action}</td>
                <td>{`${line.subjectType} ${line.subjectId}`}</td>
                <td>
                  <ul className="admin-changes">
                    {line.changes.map((change) => (
                      <li key={change.field}>
                        <strong>{change.field}</strong>
                        {` : ${shown(change.before)} → ${shown(change.after)}`}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextBefore && (
        <p>
          <Link to={`?${next}`}>Modifications plus anciennes</Link>
        </p>
      )}
    </>
  );
}
