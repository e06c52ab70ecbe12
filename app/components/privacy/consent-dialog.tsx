import { useEffect, useId, useRef, useState } from "react";
import {
  ACCEPT_ALL,
  CONSENT_PURPOSES,
  type Consent,
  type ConsentChoice,
  REFUSE_ALL,
} from "#app/lib/privacy/consent.ts";
import "./privacy.css";

/**
 * The consent dialog of the privacy centre: accept all, refuse all, or choose purpose by purpose.
 * On a first visit (no choice stored) it opens as a non-modal banner that leaves the page usable;
 * opened from the 'Cookies' link it is modal and takes the focus. Loaded on demand.
 */
export default function ConsentDialog({
  initial,
  onSave,
  onClose,
}: {
  /** The stored choice, or null on a first visit. */
  initial: Consent | null;
  onSave: (choice: ConsentChoice) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const firstVisit = initial === null;
  const [choosing, setChoosing] = useState(!firstVisit);
  const [choice, setChoice] = useState<ConsentChoice>({
    analytics: initial?.analytics ?? false,
    marketing: initial?.marketing ?? false,
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (firstVisit) element.show();
    else element.showModal();
  }, [firstVisit]);

  return (
    <dialog
      ref={dialog}
      className={`consent ${firstVisit ? "consent--banner" : "consent--modal"}`}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <div className="consent__inner">
        <h2 id={titleId} className="consent__title">
          Vos choix en matière de cookies
        </h2>
        <p className="consent__text">
          Le Comptoir utilise des cookies nécessaires au fonctionnement du site (panier, connexion,
          mode de retrait). Avec votre accord, nous utilisons aussi des cookies de mesure d'audience
          et de publicité. Vous pouvez changer d'avis à tout moment depuis le lien « Cookies » en
          bas de page. <a href="/cms/donnees-personnelles/">En savoir plus</a>
        </p>
        {choosing ? (
          <form
            className="consent__form"
            onSubmit={(event) => {
              event.preventDefault();
              onSave(choice);
            }}
          >
            <fieldset className="consent__purposes">
              <legend className="consent__hidden">Finalités</legend>
              <div className="consent__purpose">
                <input type="checkbox" id={`${titleId}-necessary`} checked disabled />
                <label htmlFor={`${titleId}-necessary`}>
                  <strong>Cookies nécessaires</strong>
                  <span>
                    Toujours actifs : sans eux, le panier et la commande ne fonctionnent pas.
                  </span>
                </label>
              </div>
              {CONSENT_PURPOSES.map((purpose) => (
                <div key={purpose.id} className="consent__purpose">
                  <input
                    type="checkbox"
                    id={`${titleId}-${purpose.id}`}
                    name={purpose.id}
                    checked={choice[purpose.id]}
                    onChange={(event) =>
                      setChoice({ ...choice, [purpose.id]: event.currentTarget.checked })
                    }
                  />
                  <label htmlFor={`${titleId}-${purpose.id}`}>
                    <strong>{purpose.title}</strong>
                    <span>{purpose.description}</span>
                  </label>
                </div>
              ))}
            </fieldset>
            <div className="consent__actions">
              <button type="button" className="consent__button" onClick={() => onSave(REFUSE_ALL)}>
                Tout refuser
              </button>
              <button type="button" className="consent__button" onClick={() => onSave(ACCEPT_ALL)}>
                Tout accepter
              </button>
              <button type="submit" className="consent__button consent__button--primary">
                Enregistrer mes choix
              </button>
            </div>
          </form>
        ) : (
          <div className="consent__actions">
            <button type="button" className="consent__button" onClick={() => setChoosing(true)}>
              Personnaliser
            </button>
            <button type="button" className="consent__button" onClick={() => onSave(REFUSE_ALL)}>
              Tout refuser
            </button>
            <button
              type="button"
              className="consent__button consent__button--primary"
              onClick={() => onSave(ACCEPT_ALL)}
            >
              Tout accepter
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
