import { Form, Link, useSearchParams } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { FieldError } from "#app/components/admin/field.tsx";
import {
  type EntrySchedule,
  SCHEDULE_ANCHOR,
  SCHEDULE_PARAMS,
  scheduleNotice,
  WHEN_ERRORS,
} from "#app/lib/admin/content-schedule.ts";
import { CSRF_FIELD } from "#app/lib/admin/fields.ts";

/**
 * The « Programmation » section of an entry's screen (issue 50, item 7): its publishes and
 * unpublishes to come, each with « Annuler », its last runs, and — for a role that may publish —
 * a form that schedules one at a date and time in Paris. The forms post to the schedule route
 * (`contenu/entrees/:id/programmation`), which sends the browser back here with a code in the
 * query: the message shows next to the form, and a refused form shows what was typed.
 */
export function SchedulePanel({
  entryId,
  schedule,
  canPublish,
  csrfToken,
}: {
  entryId: string;
  /** `entrySchedule(db, entryId)`, from the entry screen's loader. */
  schedule: EntrySchedule;
  /** Whether the staff member's role has `publish` (`can(staff.role, "publish")`). */
  canPublish: boolean;
  /** The CSRF token; by default the admin layout's (`CsrfField`). */
  csrfToken?: string;
}) {
  const [search] = useSearchParams();
  const notice = scheduleNotice(search);
  const whenError = notice && !notice.ok && WHEN_ERRORS.includes(notice.code as never);
  const typed = (name: keyof typeof SCHEDULE_PARAMS) =>
    notice && !notice.ok ? (search.get(SCHEDULE_PARAMS[name]) ?? "") : "";
  const action = `/middleware/contenu/entrees/${encodeURIComponent(entryId)}/programmation/`;
  const csrf =
    csrfToken === undefined ? (
      <CsrfField />
    ) : (
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
    );
  const errorId = "programmation-quand-erreur";
  return (
    <section className="admin-card" id={SCHEDULE_ANCHOR} aria-labelledby="programmation-titre">
      <h2 id="programmation-titre">Programmation</h2>
      {notice && !whenError && <ActionAlert result={notice} />}
      {schedule.pending.length === 0 ? (
        <p>Aucune publication ni dépublication programmée.</p>
      ) : (
        <ul>
          {schedule.pending.map((item) => (
            <li key={item.id}>
              <time dateTime={item.at}>{item.text}</time>
              {item.by ? <small>{` — programmée par ${item.by}`}</small> : null}
              {canPublish && (
                <Form method="post" action={action} className="admin-inline-form">
                  {csrf}
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="version" value={item.version} />
                  <button
                    type="submit"
                    className="admin-button"
                    aria-label={`Annuler la ${item.text.charAt(0).toLowerCase()}${item.text.slice(1)}`}
                  >
                    Annuler
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {canPublish ? (
        <Form method="post" action={action} aria-label="Programmer une publication">
          {csrf}
          <input type="hidden" name="intent" value="schedule" />
          <fieldset>
            <legend>Action</legend>
            <p>
              <input
                type="radio"
                id="programmation-publier"
                name="operation"
                value="publish"
                defaultChecked={typed("operation") !== "unpublish"}
              />{" "}
              <label htmlFor="programmation-publier">Publier</label>
            </p>
            <p>
              <input
                type="radio"
                id="programmation-depublier"
                name="operation"
                value="unpublish"
                defaultChecked={typed("operation") === "unpublish"}
              />{" "}
              <label htmlFor="programmation-depublier">Dépublier</label>
            </p>
          </fieldset>
          <div className={`admin-field${whenError ? " admin-field--error" : ""}`}>
            <label htmlFor="programmation-date">Date</label>
            <input
              type="date"
              id="programmation-date"
              name="date"
              required
              min={schedule.today}
              defaultValue={typed("date")}
              aria-invalid={whenError ? true : undefined}
              aria-describedby={whenError ? errorId : undefined}
            />
          </div>
          <div className={`admin-field${whenError ? " admin-field--error" : ""}`}>
            <label htmlFor="programmation-heure">Heure de Paris</label>
            <input
              type="time"
              id="programmation-heure"
              name="time"
              required
              step={60}
              defaultValue={typed("time")}
              aria-invalid={whenError ? true : undefined}
              aria-describedby={whenError ? errorId : undefined}
            />
            {whenError && notice && (
              <span role="alert">
                <FieldError id={errorId} message={notice.message} />
              </span>
            )}
          </div>
          <button type="submit" className="admin-button admin-button--primary">
            Programmer
          </button>
        </Form>
      ) : (
        <p>Votre rôle ne permet pas de programmer une publication : demandez à un éditeur.</p>
      )}
      {schedule.runs.length > 0 && (
        <>
          <h3>Dernières exécutions</h3>
          <ul>
            {schedule.runs.map((run) => (
              <li key={run.id}>
                <time dateTime={run.at}>{run.text}</time> — {run.result}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/middleware/contenu/calendrier/">Calendrier des programmations</Link>
      </p>
    </section>
  );
}
