import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import {
  CONSENT_CHANGE_EVENT,
  type Consent,
  type ConsentChoice,
  gtmScriptUrl,
  isGtmId,
  OPEN_PRIVACY_CENTRE_EVENT,
  readConsent,
  saveConsent,
} from "#app/lib/privacy/consent.ts";
import { consentEvent, track } from "#app/lib/privacy/tracking-events.ts";

// The dialog and its styles load only when it opens: not in any page's first-load JavaScript.
const ConsentDialog = lazy(() => import("./consent-dialog.tsx"));

/**
 * The privacy centre, mounted once in the layout. It renders nothing on the server (pages are
 * cached and shared): after hydration it reads the visitor's choice, opens the consent dialog on
 * a first visit or when the footer's 'Cookies' link asks, and loads the tag manager only once the
 * visitor has accepted audience measurement and a `GTM_ID` is configured.
 */
export function PrivacyCentre({ gtmId }: { gtmId: string | null }) {
  const [open, setOpen] = useState(false);
  const [consent, setConsent] = useState<Consent | null>(null);

  useEffect(() => {
    const stored = readConsent();
    setConsent(stored);
    if (stored === null) setOpen(true);
    const onOpen = () => setOpen(true);
    const onChange = () => setConsent(readConsent());
    window.addEventListener(OPEN_PRIVACY_CENTRE_EVENT, onOpen);
    window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
    return () => {
      window.removeEventListener(OPEN_PRIVACY_CENTRE_EVENT, onOpen);
      window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
    };
  }, []);

  useEffect(() => {
    if (consent === null) return;
    track(consentEvent(consent));
    if (consent.analytics && isGtmId(gtmId)) loadTagManager(gtmId);
  }, [consent, gtmId]);

  const save = useCallback((choice: ConsentChoice) => {
    setConsent(saveConsent(choice));
    setOpen(false);
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog initial={consent} onSave={save} onClose={() => setOpen(false)} />
    </Suspense>
  );
}

const GTM_SCRIPT_ID = "tag-manager";

/** Adds the tag manager's script once; it reads what the data layer already holds. */
function loadTagManager(gtmId: string) {
  if (document.getElementById(GTM_SCRIPT_ID)) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.id = GTM_SCRIPT_ID;
  script.async = true;
  script.src = gtmScriptUrl(gtmId);
  // The page's CSP nonce, read from one of React Router's scripts (browsers hide it from the
  // attribute, not from the property): 'strict-dynamic' would let this script load anyway, but
  // the tag manager hands its own nonce on to the custom tags it adds.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}
