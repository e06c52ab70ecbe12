import { type ReactNode, useState } from "react";
import { isHydrated } from "./hydration.ts";

/**
 * Markup that needs no React on the client once the server has written it: links and text only
 * (the main menu's panels). While the page hydrates, React keeps the server's markup as it is and
 * skips the whole subtree (an element whose `dangerouslySetInnerHTML` it does not compare in
 * production), so none of its components run. Its links are `ShopLink`s, which navigate on the
 * client without React (`ShopLinks`).
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
  if (!kept) {
    return (
      <div id={id} className={className}>
        {children}
      </div>
    );
  }
  return (
    <div
      id={id}
      className={className}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: the server's markup stays
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
}
