/** Texts of the specification (storefront.md §5, §8) and of the account pages. */
export const ACCOUNT_MESSAGES = {
  tokenMissing: "Token manquant",
  customerUnavailable: "Impossible de récupérer les informations client",
  wrongCurrentPassword: "Le mot de passe actuel est incorrect.",
  phoneInvalid:
    "Le numéro de téléphone doit être un numéro français (par exemple 06 12 34 56 78 ou +33 6 12 34 56 78).",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  addressIncomplete:
    "Veuillez renseigner l'adresse, le code postal et la ville : l'adresse n'a pas été enregistrée.",
  passwordsDiffer: "Les deux mots de passe ne sont pas identiques.",
  linkInvalid:
    "Ce lien n'est pas valide : collez le lien complet reçu par e-mail (il commence par https://).",
  newLinkSent:
    "Si un compte existe avec cette adresse, un nouveau lien vient de vous être envoyé par e-mail.",
  generic: "Une erreur est survenue. Veuillez réessayer.",
} as const;

/**
 * What an activation or reset link's page says at once when its link no longer works (the
 * commerce service's `linkTokenState`), instead of a form that would refuse the new password.
 */
export const SPENT_LINK_MESSAGES = {
  reset: {
    used: "Ce lien de réinitialisation a déjà servi : il ne fonctionne qu'une fois.",
    expired: "Ce lien de réinitialisation a expiré : il n'est valable que 24 heures.",
    unknown: "Ce lien de réinitialisation n'est pas valide.",
  },
  activation: {
    used: "Ce lien d'activation a déjà servi : votre compte est activé. Connectez-vous avec votre mot de passe.",
    expired: "Ce lien d'activation a expiré : il n'est valable que 7 jours.",
    unknown: "Ce lien d'activation n'est pas valide.",
  },
} as const;
