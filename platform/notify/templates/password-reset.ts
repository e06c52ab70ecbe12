import { type RenderedEmail, renderEmail } from "#platform/notify/templates/layout.ts";

/** The email of a password recovery: its link sets a new password once, within 24 hours. */
export function passwordResetEmail(parts: {
  firstName: string | null;
  url: string;
}): RenderedEmail {
  const greeting = parts.firstName ? `Bonjour ${parts.firstName},` : "Bonjour,";
  return renderEmail({
    subject: "Réinitialisez votre mot de passe",
    preheader: "Choisissez un nouveau mot de passe pour votre compte Comptoir.",
    paragraphs: [
      greeting,
      "Vous avez demandé à réinitialiser le mot de passe de votre compte. Suivez le lien ci-dessous pour en choisir un nouveau.",
      "Ce lien est valable 24 heures et ne peut servir qu'une fois.",
    ],
    action: { label: "Choisir un nouveau mot de passe", url: parts.url },
    footnote:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  });
}
