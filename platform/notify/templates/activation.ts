import { type RenderedEmail, renderEmail } from "#platform/notify/templates/layout.ts";

/** The email that opens a new customer account: its link activates the account once. */
export function activationEmail(parts: { firstName: string | null; url: string }): RenderedEmail {
  const greeting = parts.firstName ? `Bonjour ${parts.firstName},` : "Bonjour,";
  return renderEmail({
    subject: "Activez votre compte Comptoir",
    preheader: "Plus qu'une étape pour profiter de votre compte.",
    paragraphs: [
      greeting,
      "Merci d'avoir créé votre compte. Pour l'activer et choisir votre mot de passe, suivez le lien ci-dessous.",
      "Ce lien est valable 7 jours et ne peut servir qu'une fois.",
    ],
    action: { label: "Activer mon compte", url: parts.url },
    footnote: "Si vous n'êtes pas à l'origine de cette inscription, ignorez simplement cet e-mail.",
  });
}
