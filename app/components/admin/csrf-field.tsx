import { useRouteLoaderData } from "react-router";
import { CSRF_FIELD } from "#app/lib/admin/fields.ts";

type LayoutData = { csrfToken: string };

/** The hidden CSRF field every admin form carries (the token comes from the admin layout). */
export function CsrfField() {
  const layout = useRouteLoaderData<LayoutData>("routes/middleware/layout");
  return <input type="hidden" name={CSRF_FIELD} value={layout?.csrfToken ?? ""} />;
}
