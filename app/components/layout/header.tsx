import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { AccountMenu } from "#app/components/account/account-menu.tsx";
import { CartButton } from "#app/components/cart/cart-button.tsx";
import { FavouritesLink } from "#app/components/favourites/favourites-link.tsx";
import { MainNav } from "#app/components/layout/main-nav.tsx";
import { SearchBar } from "#app/components/layout/search-bar.tsx";
import { OrderModeButton } from "#app/components/order-mode/order-mode-button.tsx";
import {
  debounce,
  type HeaderScroll,
  type NavItem,
  nextHeaderScroll,
  SCROLL_DEBOUNCE_MS,
} from "#app/lib/layout/site-layout.ts";

type Props = {
  menu: NavItem[];
};

/**
 * The shop's header (storefront.md §2): logo, help and brands links, delivery-mode button,
 * search, account and favourites links, cart button with its badge, and the main navigation
 * (a drawer below 992 px). It renders the same for every visitor, so pages stay cacheable: the
 * mode label is read from its cookie only in the browser. Minified after scrolling (§4); a route
 * change closes the menu and the search.
 */
export function Header({ menu }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [query, setQuery] = useState("");
  const minified = useMinifiedOnScroll();
  const location = useLocation();
  const burgerRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change.
  useEffect(() => {
    setMenuOpen(false);
    setQuery("");
  }, [location.pathname, location.search]);

  const closeMenu = () => {
    setMenuOpen(false);
    burgerRef.current?.focus();
  };

  return (
    <header className={`site-header${minified ? " site-header--mini" : ""}`}>
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      <div className="site-header__top">
        <button
          ref={burgerRef}
          type="button"
          className="site-header__burger"
          aria-expanded={menuOpen}
          aria-controls="navigation-principale"
          onClick={() => (menuOpen ? closeMenu() : setMenuOpen(true))}
        >
          <span aria-hidden="true" className="icon icon--burger" />
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to="/" className="site-header__logo" aria-label="Comptoir, retour à l'accueil">
          Comptoir
        </Link>
        <OrderModeButton />
        <SearchBar query={query} onQueryChange={setQuery} />
        <nav aria-label="Raccourcis" className="site-header__actions">
          <Link to="/faq/" className="site-header__action">
            Aide
          </Link>
          <Link to="/nos-marques/" className="site-header__action site-header__action--wide">
            Nos marques
          </Link>
          <AccountMenu />
          <FavouritesLink className="site-header__action" />
          <CartButton />
        </nav>
      </div>
      <MainNav items={menu} open={menuOpen} onClose={closeMenu} />
    </header>
  );
}

/** Whether the header is minified, from debounced scroll positions (storefront.md §4, §9). */
function useMinifiedOnScroll(): boolean {
  const [minified, setMinified] = useState(false);
  useEffect(() => {
    // From the top: a page opened (or restored) further down starts minified.
    let state: HeaderScroll = { minified: false, y: 0 };
    const update = debounce(() => {
      state = nextHeaderScroll(state, window.scrollY);
      setMinified(state.minified);
    }, SCROLL_DEBOUNCE_MS);
    const onScroll = () => update.call();
    window.addEventListener("scroll", onScroll, { passive: true });
    update.call();
    return () => {
      window.removeEventListener("scroll", onScroll);
      update.cancel();
    };
  }, []);
  return minified;
}
