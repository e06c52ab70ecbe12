import { type MouseEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { isHydrated } from "./hydration.ts";

/**
 * Markup that needs no React on the client once the server has written it: links and text only
 * (the main menu's panels). While the page hydrates, React keeps the server's markup as it is and
 * skips the whole subtree (an element whose `dangerouslySetInnerHTML` it does not compare in
 * production), so none of its components run. Its links still navigate on the client: one
 * listener on the element hands a plain click on one of the shop's own links to the router.
 * Mounted after hydration (a client-side navigation), it renders its children as usual.
 *
 * What it holds is the first load's: give it content that does not change while a page is open.
 */
export function StaticMarkup({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const [kept] = useState(() => typeof document !== "undefined" && !isHydrated());
  const navigate = useNavigate();
  if (!kept) {
    return (
      <div id={id} className={className}>
        {children}
      </div>
    );
  }
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest("a");
    if (!anchor || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on the links inside; keys reach them as clicks
    // biome-ignore lint/a11y/noStaticElementInteractions: the element only delegates its links' clicks
    <div
      id={id}
      className={className}
      onClick={onClick}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: the server's markup stays
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
}
