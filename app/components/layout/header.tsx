import { Link } from "react-router";

/** Placeholder header: the full header (menus, search, cart) comes with the browsing issue. */
export function Header() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="Comptoir, retour à l'accueil">
          Comptoir
        </Link>
        <nav aria-label="Liens utiles" className="site-header__links">
          <Link to="/nos-marques/">Nos marques</Link>
          <Link to="/faq/">Aide</Link>
        </nav>
      </div>
    </header>
  );
}
