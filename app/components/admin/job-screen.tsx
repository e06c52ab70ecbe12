import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { JobStatus, jobRefreshMeta } from "#app/components/admin/job-status.tsx";
import type { JobState, RecordChange } from "#platform/backoffice/index.ts";

/**
 * The parts every export and synchronisation screen shares: the refusal its action returned,
 * the start form, the report card following the background job, and the changed records table.
 */

/** What a screen's run does: its texts follow. */
export type JobKind = "export" | "sync";

const TEXTS = {
  export: {
    running: "Export en cours…",
    report: "Dernier export",
    idle: "Aucun export depuis le démarrage du serveur.",
  },
  sync: {
    running: "Synchronisation en cours…",
    report: "Compte rendu",
    idle: "Aucune synchronisation depuis le démarrage du serveur.",
  },
} satisfies Record<JobKind, Record<string, string>>;

/** The screen's title (its heading too), refreshed every 2 s while a run goes on. */
export function jobScreenMeta(title: string, state: { status: string } | undefined) {
  return [{ title: `${title} — Administration Comptoir` }, ...jobRefreshMeta(state)];
}

/** Why the action did not start the job (invalid form, a run already going on). */
export function RefusedAlert({ refused }: { refused: { message: string } | undefined }) {
  if (!refused) return null;
  return (
    <p className="admin-alert admin-alert--error" role="alert">
      {refused.message}
    </p>
  );
}

/** The start form: its own fields, then a submit button disabled while a run goes on. */
export function JobStartForm({
  kind,
  state,
  label,
  children,
}: {
  kind: JobKind;
  state: { status: string };
  label: string;
  children?: ReactNode;
}) {
  const running = state.status === "running";
  return (
    <Form method="post">
      <CsrfField />
      {children}
      <button type="submit" className="admin-button admin-button--primary" disabled={running}>
        {running ? TEXTS[kind].running : label}
      </button>
    </Form>
  );
}

/** The report card: where the job stands, then the finished run's report. */
export function JobReportCard<Result>({
  kind,
  state,
  children,
}: {
  kind: JobKind;
  state: JobState<Result>;
  children: (report: Result) => ReactNode;
}) {
  return (
    <section className="admin-card" aria-labelledby="report-title">
      <h2 id="report-title">{TEXTS[kind].report}</h2>
      {state.status === "idle" && <p>{TEXTS[kind].idle}</p>}
      <JobStatus state={state} />
      {state.status === "done" && children(state.result)}
    </section>
  );
}

const KINDS = { created: "Créée", updated: "Mise à jour" } as const;

/** The content records a product run created or updated, with their changed fields. */
export function RecordChangesTable({
  caption,
  changes,
}: {
  caption: string;
  changes: RecordChange[];
}) {
  if (changes.length === 0) return null;
  return (
    <table className="admin-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col">Fiche</th>
          <th scope="col">Champs</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.handle}>
            <td>{change.handle}</td>
            <td>{KINDS[change.kind]}</td>
            <td>{change.fields.join(", ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
