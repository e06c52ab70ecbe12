import { type CSSProperties, useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** ordering-and-server.md §9: the bar shows only for loads longer than the throttle. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

type Phase = "idle" | "loading" | "done";

/**
 * The page-load progress bar at the top of the window: it appears when a navigation has lasted
 * 200 ms (quick ones never flicker it), creeps towards the end over 5 s, and completes when the
 * page is there.
 */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("loading"), PROGRESS_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "loading" ? "done" : "idle"));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), 300);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "idle") return null;
  return (
    <div
      className={`progress-bar progress-bar--${phase}`}
      role="progressbar"
      aria-label="Chargement de la page"
      style={{ "--progress-duration": `${PROGRESS_DURATION_MS}ms` } as CSSProperties}
    />
  );
}
