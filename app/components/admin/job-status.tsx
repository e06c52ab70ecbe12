import type { JobProgress, JobState } from "#platform/backoffice/index.ts";

const number = new Intl.NumberFormat("fr-FR");
const time = new Intl.DateTimeFormat("fr-FR", { timeStyle: "medium", timeZone: "Europe/Paris" });

const PHASES: Record<string, string> = {
  products: "Produits",
  categories: "Catégories",
};

function progressText(progress: JobProgress | null): string {
  if (!progress) return "";
  return ` — ${PHASES[progress.phase] ?? progress.phase} : ${number.format(progress.done)} / ${number.format(progress.total)}`;
}

/** While a job runs, its screen reloads itself every 2 s (with or without JavaScript). */
export function jobRefreshMeta(state: { status: string } | undefined) {
  return state?.status === "running" ? [{ httpEquiv: "refresh", content: "2" }] : [];
}

/**
 * Where a background operation stands: running with its progress bar, failed with the reason.
 * A finished run's report is the screen's own.
 */
export function JobStatus<Result>({ state }: { state: JobState<Result> }) {
  if (state.status === "running") {
    return (
      <div aria-live="polite">
        <p>
          {`Lancé par ${state.startedBy} à ${time.format(new Date(state.startedAt))}`}
          {progressText(state.progress)}
        </p>
        <progress
          max={state.progress?.total || 1}
          value={state.progress?.done ?? 0}
          aria-label="Avancement"
        />
      </div>
    );
  }
  if (state.status === "failed") {
    return (
      <p className="admin-alert admin-alert--error" role="alert">
        {`L'opération a échoué : ${state.error}`}
      </p>
    );
  }
  if (state.status === "done") {
    const seconds =
      (new Date(state.finishedAt).getTime() - new Date(state.startedAt).getTime()) / 1000;
    return (
      <p className="admin-alert admin-alert--success" role="status">
        {`Terminé à ${time.format(new Date(state.finishedAt))} en ${seconds.toFixed(1)} s (lancé par ${state.startedBy}).`}
      </p>
    );
  }
  return null;
}
