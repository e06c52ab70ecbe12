import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { MOBILE_MENU_HIDE_MS, type NavItem } from "#app/lib/layout/site-layout.ts";
import { ShopLink } from "./shop-link.tsx";
import { StaticMarkup } from "./static-markup.tsx";

type Props = {
  items: NavItem[];
  /** The mobile drawer's state; on desktop the navigation is always shown. */
  open: boolean;
  onClose: () => void;
};

/**
 * The main navigation from `main_menu`: a bar with sub-menus on desktop, a drawer below 992 px
 * (storefront.md §9). Every item is a link first, so the menu works before hydration; its
 * sub-menu button (with `aria-expanded`) opens the categories, child items and push. Escape
 * closes the open sub-menu, then the drawer. The drawer stays in the page 500 ms after closing
 * so it can slide out (storefront.md §4).
 */
export function MainNav({ items, open, onClose }: Props) {
  const [openItem, setOpenItem] = useState<string | null>(null);
  const shown = useDelayedHide(open, MOBILE_MENU_HIDE_MS);
  const navRef = useRef<HTMLElement>(null);
  const { pathname, search } = useLocation();
  // Before hydration, focus inside an item shows its sub-menu; after it, its button does.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change.
  useEffect(() => setOpenItem(null), [pathname, search]);

  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    else setOpenItem(null);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    if (openItem !== null) {
      navRef.current?.querySelector<HTMLElement>(`#nav-toggle-${openItem}`)?.focus();
      setOpenItem(null);
    } else if (open) {
      onClose();
    }
  };

  const className = [
    "main-nav",
    hydrated ? "is-hydrated" : "",
    open ? "is-open" : "",
    !open && shown ? "is-closing" : "",
    openItem !== null ? "has-open-item" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <nav
      id="navigation-principale"
      ref={navRef}
      aria-label="Navigation principale"
      className={className}
      onKeyDown={onKeyDown}
    >
      {open && (
        <button type="button" className="main-nav__close" onClick={onClose}>
          Fermer le menu
        </button>
      )}
      <ul className="main-nav__list">
        {items.map((item) => (
          <MenuEntry
            key={item.id}
            item={item}
            expanded={openItem === item.id}
            onToggle={() => setOpenItem(openItem === item.id ? null : item.id)}
          />
        ))}
      </ul>
    </nav>
  );
}

/** `true` while `open`, and for `delayMs` after it turns false. */
function useDelayedHide(open: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(open);
  useEffect(() => {
    if (open) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(false), delayMs);
    return () => clearTimeout(timer);
  }, [open, delayMs]);
  return shown;
}

function hasSubMenu(item: NavItem): boolean {
  return item.groups.length > 0 || item.links.length > 0 || item.push !== undefined;
}

function MenuEntry({
  item,
  expanded,
  onToggle,
}: {
  item: NavItem;
  expanded: boolean;
  onToggle: () => void;
}) {
  const panelId = `nav-panel-${item.id}`;
  const style = item.color ? { color: item.color } : undefined;
  if (!hasSubMenu(item)) {
    return (
      <li className="main-nav__item">
        <ShopLink to={item.href} className="main-nav__link" style={style}>
          {item.title}
        </ShopLink>
      </li>
    );
  }
  return (
    <li className={`main-nav__item main-nav__item--parent${expanded ? " is-expanded" : ""}`}>
      <ShopLink to={item.href} className="main-nav__link" style={style}>
        {item.title}
      </ShopLink>
      <button
        type="button"
        id={`nav-toggle-${item.id}`}
        className="main-nav__toggle"
        aria-expanded={expanded}
        aria-controls={panelId}
        aria-label={`Sous-menu ${item.title}`}
        onClick={onToggle}
      >
        <span aria-hidden="true" className="main-nav__chevron" />
      </button>
      {/* Links only: kept as the server wrote them, not hydrated (StaticMarkup). */}
      <StaticMarkup id={panelId} className="main-nav__panel">
        <div className="main-nav__columns">
          {item.groups.map((group) => (
            <div key={`${group.href}-${group.title}`} className="main-nav__group">
              <ShopLink to={group.href} className="main-nav__group-title">
                {group.title}
              </ShopLink>
              {group.links.length > 0 && (
                <ul>
                  {group.links.map((link) => (
                    <li key={`${link.href}-${link.title}`}>
                      <ShopLink to={link.href}>{link.title}</ShopLink>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
          {item.links.length > 0 && (
            <div className="main-nav__group">
              <p className="main-nav__group-title">À découvrir</p>
              <ul>
                {item.links.map((link) => (
                  <li key={`${link.href}-${link.title}`}>
                    <ShopLink to={link.href}>{link.title}</ShopLink>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {item.label && (
          <ShopLink to={item.href} className="main-nav__all">
            {item.label}
          </ShopLink>
        )}
        {item.push && (
          <ShopLink to={item.push.href} className="main-nav__push">
            {item.push.image && (
              <img src={item.push.image} alt="" width={240} height={160} loading="lazy" />
            )}
            <span className="main-nav__push-title">{item.push.title}</span>
            {item.push.subtitle && <span>{item.push.subtitle}</span>}
          </ShopLink>
        )}
      </StaticMarkup>
    </li>
  );
}
