import type { ReactNode } from "react";

/**
 * What an office action did, above the screen: a status when it succeeded, an alert (read out at
 * once) when it was refused. `children` adds to the message (a password shown once, say).
 */
export function ActionAlert({
  result,
  children,
}: {
  result: { ok: boolean; message: string };
  children?: ReactNode;
}) {
  return (
    <div
      className={result.ok ? "admin-alert admin-alert--success" : "admin-alert admin-alert--error"}
      role={result.ok ? "status" : "alert"}
    >
      <p>{result.message}</p>
      {children}
    </div>
  );
}
