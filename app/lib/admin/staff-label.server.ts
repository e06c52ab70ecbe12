import { ROLE_LABELS, type StaffRole } from "#platform/backoffice/index.ts";

/** How the admin area's header names the staff member signed in (their name, their role). */

const same = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), "fr", { sensitivity: "base" }) === 0;

/**
 * « Camille Martin · Éditeur ». A name that only repeats the role (the first administrator,
 * created as « Administrateur ») gives way to the email, so the header never reads « Administrateur
 * · Administrateur »; a blank name too. Server side (the admin layout's loader).
 */
export function staffLabel(staff: { name: string; email: string; role: StaffRole }): string {
  const role = ROLE_LABELS[staff.role];
  const name = staff.name.trim();
  const who = name === "" || same(name, role) ? staff.email : name;
  return `${who} · ${role}`;
}
