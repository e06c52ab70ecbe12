import { Form, Link, useActionData, useLoaderData } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readStaffForm, requirePermission, staffContext } from "#app/lib/admin/admin.server.ts";
import { cancelFromForm, scheduleCalendar } from "#app/lib/admin/content-schedule.server.ts";
import {
  OPERATION_LABELS,
  SCHEDULE_DONE_MESSAGES,
  SCHEDULE_MESSAGES,
} from "#app/lib/admin/content-schedule.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { can } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/calendar";

/**
 * The calendar of scheduled publishing (issue 50, item 7): the publishes and unpublishes to
 * come, by day in Paris, each with its time, its entry and who scheduled it, and « Annuler »
 * for roles with `publish`; then what the job ran in the last 7 days, done or failed and why.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Calendrier des programmations — Administration Comptoir" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  return {
    ...(await scheduleCalendar(database.db)),
    canPublish: can(staff.role, "publish"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = context.get(staffContext);
  requirePermission(staff, "publish");
  const form = await readStaffForm(request, context);
  if (form.get("intent") !== "cancel") throw new Response("Formulaire inconnu.", { status: 400 });
  const { database } = context.get(serverContext);
  const version = Number(form.get("version"));
  const outcome = await cancelFromForm(
    { db: database.db, staff },
    {
      id: String(form.get("id") ?? ""),
      version: Number.isInteger(version) && version > 0 ? version : undefined,
    },
  );
  return outcome.ok
    ? { ok: true, message: SCHEDULE_DONE_MESSAGES.annulee }
    : { ok: false, message: SCHEDULE_MESSAGES[outcome.code] };
}

const entryPath = (id: string) => `/middleware/contenu/entrees/${encodeURIComponent(id)}/`;

export default function ScheduleCalendarScreen() {
  const { days, past, canPublish } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/middleware/contenu/">← Contenu</Link>
      </p>
      <h1>Calendrier des programmations</h1>
      <p>Les heures sont celles de Paris.</p>
      {result && <ActionAlert result={result} />}
      <section className="admin-card" aria-labelledby="a-venir">
        <h2 id="a-venir">À venir</h2>
        {days.length === 0 ? (
          <p>Aucune publication ni dépublication programmée.</p>
        ) : (
          days.map((day) => (
            <div key={day.day}>
              <h3 id={`jour-${day.day}`}>{day.label}</h3>
              <div className="admin-table-scroll">
                <table className="admin-table" aria-labelledby={`jour-${day.day}`}>
                  <thead>
                    <tr>
                      <th scope="col">Heure</th>
                      <th scope="col">Action</th>
                      <th scope="col">Contenu</th>
                      <th scope="col">Type</th>
                      <th scope="col">Programmée par</th>
                      {canPublish && (
                        <th scope="col">
                          <span className="admin-visually-hidden">Annuler</span>
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {day.items.map((item) => (
                      <tr key={item.id}>
                        <td>
                          <time dateTime={item.at}>{item.time}</time>
                        </td>
                        <td>{OPERATION_LABELS[item.operation]}</td>
                        <td>
                          <Link to={entryPath(item.entry.id)}>{item.entry.title}</Link>
                        </td>
                        <td>{item.entry.type}</td>
                        <td>{item.by ?? "—"}</td>
                        {canPublish && (
                          <td>
                            <Form method="post">
                              <CsrfField />
                              <input type="hidden" name="intent" value="cancel" />
                              <input type="hidden" name="id" value={item.id} />
                              <input type="hidden" name="version" value={item.version} />
                              <button
                                type="submit"
                                className="admin-button"
                                aria-label={`Annuler : ${item.text}, ${item.entry.title}`}
                              >
                                Annuler
                              </button>
                            </Form>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))
        )}
      </section>
      <section className="admin-card" aria-labelledby="executees">
        <h2 id="executees">Exécutées ces 7 derniers jours</h2>
        {past.length === 0 ? (
          <p>Rien n'a été exécuté ces 7 derniers jours.</p>
        ) : (
          <div className="admin-table-scroll">
            <table className="admin-table" aria-labelledby="executees">
              <thead>
                <tr>
                  <th scope="col">Prévue le</th>
                  <th scope="col">Action</th>
                  <th scope="col">Contenu</th>
                  <th scope="col">Type</th>
                  <th scope="col">Programmée par</th>
                  <th scope="col">Résultat</th>
                </tr>
              </thead>
              <tbody>
                {past.map((run) => (
                  <tr key={run.id}>
                    <td>
                      <time dateTime={run.at}>{run.when}</time>
                    </td>
                    <td>{OPERATION_LABELS[run.operation]}</td>
                    <td>
                      <Link to={entryPath(run.entry.id)}>{run.entry.title}</Link>
                    </td>
                    <td>{run.entry.type}</td>
                    <td>{run.by ?? "—"}</td>
                    <td>
                      <ul className="admin-badges">
                        <li
                          className={
                            run.status === "failed" ? "admin-badge--off" : "admin-badge--ok"
                          }
                        >
                          {run.status === "failed" ? "Échec" : "Effectuée"}
                        </li>
                      </ul>{" "}
                      {run.result}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
