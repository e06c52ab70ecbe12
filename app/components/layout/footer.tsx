import { island } from "#app/components/layout/island.tsx";
import { ShopLink } from "#app/components/layout/shop-link.tsx";
import { CookiesLink } from "#app/components/privacy/cookies-link.tsx";
import type { FooterData } from "#app/lib/layout/site-layout.ts";

/** At the foot of every page: its arrows' code comes as it nears the viewport (decision 020). */
const ReassuranceSlider = island(
  () => import("#app/components/layout/reassurance-slider.tsx").then((m) => m.ReassuranceSlider),
  { near: ".site-footer" },
);

/**
 * The shop's footer (storefront.md §2) from the `footer` entry: reassurance slider, link menus,
 * social links, seasonal pages, legal text, the health and alcohol disclaimers, the cookies link
 * and the copyright. The newsletter form is hidden here, as the specification says: it lives on
 * `/newsletter/`.
 */
export function Footer({ footer }: { footer: FooterData }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <ReassuranceSlider items={footer.reassurance} />
        <div className="site-footer__menus">
          {footer.menus.map((menu) => (
            <nav key={menu.title} aria-label={menu.title} className="site-footer__menu">
              <h2 className="site-footer__title">{menu.title}</h2>
              <ul>
                {menu.links.map((link) => (
                  <li key={`${link.href}-${link.title}`}>
                    <ShopLink to={link.href}>{link.title}</ShopLink>
                  </li>
                ))}
                {menu === footer.menus.at(-1) && (
                  <li>
                    <CookiesLink />
                  </li>
                )}
              </ul>
            </nav>
          ))}
          {footer.seasonal.length > 0 && (
            <nav aria-label="Temps forts" className="site-footer__menu">
              <h2 className="site-footer__title">Temps forts</h2>
              <ul>
                {footer.seasonal.map((link) => (
                  <li key={link.href}>
                    <ShopLink to={link.href}>{link.title}</ShopLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {footer.social.length > 0 && (
            <div className="site-footer__menu">
              <h2 className="site-footer__title">Suivez-nous</h2>
              <ul className="site-footer__social">
                {footer.social.map((item) => (
                  <li key={item.network}>
                    <a href={item.url} rel="noopener noreferrer" target="_blank">
                      {item.label}
                      <span className="visually-hidden"> (nouvelle fenêtre)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {footer.menus.length === 0 && (
          <p>
            <CookiesLink />
          </p>
        )}
        <div className="site-footer__legal">
          {footer.legal.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {footer.healthDisclaimer && (
            <p className="site-footer__disclaimer">{footer.healthDisclaimer}</p>
          )}
          {footer.alcoholDisclaimer && (
            <p className="site-footer__disclaimer">{footer.alcoholDisclaimer}</p>
          )}
          <p className="site-footer__copyright">{footer.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
