import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * What the browser keeps of a signed-in customer, dropped at logout (storefront.md §4: "logout
 * clears token, details, orders, cards, voucher"). The token cookie is httpOnly: the server clears
 * it. Modules that keep customer state elsewhere listen for `LOGOUT_EVENT`.
 */
export const CUSTOMER_STORAGE_KEYS = ["customer", "orders", "cards", "voucher"] as const;
export const LOGOUT_EVENT = "comptoir:logout";

export function clearCustomerState() {
  for (const key of CUSTOMER_STORAGE_KEYS) {
    try {
      window.localStorage.removeItem(key);
      window.sessionStorage.removeItem(key);
    } catch {
      // Storage may be unavailable (private mode): nothing was kept there either.
    }
  }
  window.dispatchEvent(new Event(LOGOUT_EVENT));
}

/** A logout button: a POST form (works without JavaScript) that also clears the browser's state. */
export function LogoutForm({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Form method="post" action="/compte/deconnexion/" onSubmit={clearCustomerState}>
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
