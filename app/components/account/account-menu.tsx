import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useVisitor } from "#app/lib/visitor.tsx";
import { LogoutForm } from "./logout-form.tsx";
import "./account-menu.css";

const LINKS = [
  { to: "/compte/", label: "Mes informations" },
  { to: "/compte/?s=3", label: "Mes commandes" },
  { to: "/compte/?s=4", label: "Mes favoris" },
  { to: "/compte/?s=5", label: "Mes listes" },
] as const;

/**
 * The account part of the header (storefront.md §2): 'Se connecter' for visitors, an account
 * dropdown for a signed-in customer. The page itself renders the visitor's link for everyone (it
 * may come from the shared cache); the dropdown appears once /visitor.json says who is signed in.
 */
export function AccountMenu() {
  const { state } = useVisitor();
  const customer = state?.customer;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each route change.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  if (!customer) {
    return (
      <Link to="/compte/" className="site-header__action">
        <span aria-hidden="true" className="icon icon--user" />
        <span className="site-header__action-text">Se connecter</span>
      </Link>
    );
  }

  const name = customer.firstName || customer.email || "Mon compte";
  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="site-header__action account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className="icon icon--user" />
        <span className="site-header__action-text">{name}</span>
        <span className="visually-hidden"> — mon compte</span>
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">
          {[customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email}
        </p>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
        <LogoutForm className="account-menu__logout">Se déconnecter</LogoutForm>
      </div>
    </div>
  );
}
