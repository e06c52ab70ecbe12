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
