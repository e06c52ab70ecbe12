import type { StaffRole } from "#platform/backoffice/schema.ts";

/**
 * Who may do what in the admin area, enforced on the server for every screen's loader and
 * action (the admin layout's middleware) and for the actions that need more than their screen
 * (refunds). Each screen needs one permission; a role grants a set of them.
 */
export type Permission =
  | "dashboard"
  | "catalogue"
  | "content"
  | "publish"
  | "orders"
  | "customers"
  | "slots"
  | "promotions"
  | "refunds"
  | "staff"
  | "settings";

const EVERY_PERMISSION: readonly Permission[] = [
  "dashboard",
  "catalogue",
  "content",
  "publish",
  "orders",
  "customers",
  "slots",
  "promotions",
  "refunds",
  "staff",
  "settings",
];

/**
 * editor: catalogue and content, publishing included; writer: content and nothing else, drafts
 * only (publishing, unpublishing and schedules need `publish`); operator: orders, customers,
 * slots, promotions; admin: everything.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: EVERY_PERMISSION,
  editor: ["dashboard", "catalogue", "content", "publish"],
  writer: ["dashboard", "content"],
  operator: ["dashboard", "orders", "customers", "slots", "promotions"],
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Administrateur",
  editor: "Éditeur",
  writer: "Rédacteur",
  operator: "Opérateur",
};

/**
 * The permission each screen (the first segment after `/middleware/`) needs. A screen missing
 * here needs `settings`, which only administrators have: a new screen is closed until it is
 * given its place.
 */
export const SCREEN_PERMISSIONS: Record<string, Permission> = {
  "": "dashboard",
  dashboard: "dashboard",
  logout: "dashboard",
  "products-maj-log": "dashboard",
  products: "catalogue",
  "product-price": "catalogue",
  images: "catalogue",
  algolia: "catalogue",
  synonymes: "catalogue",
  "export-flux-produit": "catalogue",
  "export-flipdish": "catalogue",
  "sync-products-bdd": "catalogue",
  "sync-categories-bdd": "catalogue",
  contenu: "content",
  purge: "content",
  redirects: "content",
  "export-contentful": "content",
  "odp-list": "orders",
  odp: "orders",
  outbox: "customers",
  staff: "staff",
  stores: "slots",
  slots: "slots",
  promotions: "promotions",
  // Issuing a card is selling one, as a promotion is granting one: the same staff.
  "gift-cards": "promotions",
  orders: "orders",
  customers: "customers",
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The permission the admin path `pathname` needs (`/middleware/<screen>/…`). */
export function permissionForPath(pathname: string): Permission {
  const screen = pathname.replace(/^\/middleware\/?/, "").split("/")[0] ?? "";
  // `.data` requests of client navigations name the screen the same way.
  const name = screen.replace(/\.data$/, "");
  return SCREEN_PERMISSIONS[name] ?? "settings";
}
