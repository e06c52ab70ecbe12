import { redirect } from "react-router";
import { LOGIN_PATH, readStaffForm, signOutStaff } from "#app/lib/admin/admin.server.ts";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  await readStaffForm(request, context);
  throw redirect(LOGIN_PATH, { headers: await signOutStaff(request, context) });
}

export function loader() {
  throw redirect("/middleware/dashboard/");
}
