/**
 * The demo shop's legal pages, written for this project: a plausible French small retailer's
 * notices. Each is a list of lines for `richText`. The company's identity (name, office, numbers,
 * contact) and the stores' and zones' facts are tokens (`{{shop.siret}}`, `{{pickup.stores}}`)
 * the storefront fills from the one identity and the ordering service's data
 * (app/lib/content/shop-facts.ts), so no page can contradict the receipts or the order-mode modal.
 */

export type CmsPageText = {
  slug: string;
  title: string;
  seoDescription: string;
  lines: readonly string[];
};

export const CMS_PAGES: readonly CmsPageText[] = [
  {
    slug: "mentions-legales",
    title: "Mentions légales",
    seoDescription: "Éditeur, hébergeur et propriété intellectuelle du site Comptoir.",
    lines: [
      "## Éditeur du site",
      "Le site {{shop.tradeName}} est édité par {{shop.legalName}}, {{shop.legalForm}} au capital de {{shop.shareCapital}}, immatriculée au registre du commerce et des sociétés de {{shop.rcsCity}} sous le numéro {{shop.siren}} (SIRET {{shop.siret}}), dont le siège social est situé {{shop.address}}.",
      "Numéro de TVA intracommunautaire : {{shop.vatNumber}}. Téléphone : {{shop.phone}}. Adresse électronique : {{shop.email}}.",
      "Direction de la publication : {{shop.publicationDirector}}.",
      "## Hébergement",
      "Le site est hébergé par l'équipe technique de Comptoir sur des serveurs situés dans l'Union européenne.",
      "## Propriété intellectuelle",
      "L'ensemble des textes, photographies, illustrations, logos et marques présents sur le site est la propriété de Comptoir ou de ses partenaires. Toute reproduction, représentation ou adaptation, totale ou partielle, sans autorisation écrite préalable est interdite.",
      "## Responsabilité",
      "Comptoir s'efforce de publier des informations exactes et à jour. Les photographies des produits sont non contractuelles. Comptoir ne saurait être tenu responsable d'une interruption du site ou de la présence d'un virus malgré les précautions prises.",
      "## Médiation",
      "Conformément à l'article L. 612-1 du Code de la consommation, le client peut recourir gratuitement au médiateur de la consommation dont relève Comptoir, après une réclamation écrite restée sans réponse satisfaisante.",
    ],
  },
  {
    slug: "cgv",
    title: "Conditions générales de vente",
    seoDescription: "Commande, prix, paiement, livraison, retrait et rétractation chez Comptoir.",
    lines: [
      "## Article 1 – Objet",
      "Les présentes conditions générales de vente régissent les ventes conclues sur le site {{shop.tradeName}} entre {{shop.legalName}} et toute personne physique majeure agissant en qualité de consommateur.",
      "## Article 2 – Commande",
      "Le client choisit ses produits, indique son mode de réception (livraison à domicile ou retrait en magasin) et un créneau, puis valide son panier. La commande est ferme après le paiement ; un courriel de confirmation en récapitule le contenu.",
      "La vente de boissons alcoolisées est interdite aux mineurs. En commandant de tels produits, le client déclare avoir au moins dix-huit ans.",
      "## Article 3 – Prix",
      "Les prix sont indiqués en euros toutes taxes comprises. Les frais de livraison et les frais de service sont précisés avant la validation de la commande. Les produits vendus au poids peuvent faire l'objet d'un léger ajustement, toujours signalé au client.",
      "## Article 4 – Paiement",
      "Le paiement s'effectue par carte bancaire sur une page sécurisée. Le compte du client est débité au moment de la validation de la commande. Les bons de réduction s'appliquent dans les conditions indiquées lors de leur émission.",
      "## Article 5 – Livraison et retrait",
      "La livraison est assurée sur le créneau choisi dans {{delivery.paris}} et dans ces communes de proche banlieue : {{delivery.suburbs}}.",
      "Le retrait s'effectue dans le point de retrait choisi par le client : {{pickup.stores}}. Horaires de retrait : {{pickup.hours}}.",
      "Les produits frais doivent être rangés au réfrigérateur dès leur réception.",
      "## Article 6 – Droit de rétractation",
      "Conformément à l'article L. 221-28 du Code de la consommation, le droit de rétractation ne s'applique pas aux denrées périssables ni aux produits descellés après la livraison. Pour les autres produits, le client dispose de quatorze jours à compter de leur réception.",
      "## Article 7 – Réclamations",
      "Toute réclamation (produit manquant, abîmé ou non conforme) est à adresser au service client dans les quarante-huit heures suivant la réception, photographie à l'appui. Comptoir procède alors au remboursement ou au remplacement du produit.",
      "## Article 8 – Droit applicable",
      "Les présentes conditions sont soumises au droit français. À défaut d'accord amiable, le litige sera porté devant les juridictions compétentes.",
    ],
  },
  {
    slug: "donnees-personnelles",
    title: "Données personnelles",
    seoDescription: "Comment Comptoir collecte, utilise et protège vos données personnelles.",
    lines: [
      "## Qui traite vos données ?",
      "{{shop.legalName}}, {{shop.address}}, est responsable du traitement des données collectées sur le site.",
      "## Quelles données et pourquoi ?",
      "- **Votre compte** : nom, prénom, adresse électronique, téléphone et adresses, pour gérer vos commandes et votre espace client.",
      "- **Vos commandes** : produits, créneaux, montants et moyens de paiement (seuls les quatre derniers chiffres de la carte sont conservés), pour exécuter la vente et respecter nos obligations comptables.",
      "- **Vos préférences** : favoris et listes de courses, pour vous faire gagner du temps.",
      "- **La lettre d'information** : votre adresse électronique, uniquement avec votre accord.",
      "## Combien de temps ?",
      "Les données du compte sont conservées tant que le compte est actif, puis trois ans après le dernier contact. Les pièces comptables sont conservées dix ans, comme la loi l'exige.",
      "## Qui y a accès ?",
      "Seules les équipes de Comptoir et nos prestataires de livraison et de paiement, pour ce qui les concerne, ont accès à vos données. Elles ne sont jamais vendues.",
      "## Vos droits",
      "Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité. Écrivez à {{shop.email}} ou au siège. Vous pouvez aussi saisir la CNIL.",
    ],
  },
  {
    slug: "cookies",
    title: "Politique de cookies",
    seoDescription: "Les cookies déposés par le site Comptoir et comment les gérer.",
    lines: [
      "## Qu'est-ce qu'un cookie ?",
      "Un cookie est un petit fichier déposé sur votre appareil lors de la visite d'un site. Il permet par exemple de retrouver votre panier d'une visite à l'autre.",
      "## Les cookies que nous utilisons",
      "- **Cookies nécessaires** : panier, mode de réception, créneau choisi et session. Sans eux, le site ne peut pas fonctionner ; ils ne demandent pas votre accord.",
      "- **Mesure d'audience** : des statistiques anonymes de fréquentation, pour améliorer le site.",
      "- **Personnalisation** : les produits récemment consultés, pour vous les proposer à nouveau.",
      "## Durée de conservation",
      "Le cookie du panier et celui de l'appareil sont conservés environ cinq ans ; les cookies liés à votre commande en cours, un jour.",
      "## Gérer vos choix",
      "Vous pouvez modifier vos choix à tout moment depuis le lien « Cookies » en bas de chaque page, ou dans les réglages de votre navigateur.",
    ],
  },
  {
    slug: "livraison-et-retrait",
    title: "Livraison et retrait en magasin",
    seoDescription: "Zones, créneaux et frais de livraison ; retrait dans nos magasins parisiens.",
    lines: [
      "## Livraison à domicile",
      "Nous livrons {{delivery.paris}} et ces communes de proche banlieue : {{delivery.suburbs}}.",
      "Créneaux {{slot.length}} : {{delivery.hours}}. Commandez au plus tard {{order.leadTime}} avant votre créneau. Les produits frais voyagent en caisses isothermes.",
      "Les frais de livraison, {{delivery.fees}}, sont indiqués avant le paiement. Selon le magasin qui livre, un minimum de commande s'applique et la livraison est offerte au-delà d'un montant d'achats : {{delivery.thresholds}}. Des frais de service de {{order.serviceFee}} s'ajoutent à chaque commande.",
      "## Retrait en magasin",
      "Retirez votre commande dans l'un de nos points de retrait : {{pickup.stores}}.",
      "Horaires de retrait : {{pickup.hours}}. Choisissez un créneau {{slot.length}}, au plus tôt {{order.leadTime}} après votre commande : elle vous attend au comptoir, prête et emballée.",
      "## Expédition en province",
      "Une sélection de produits d'épicerie et de cave est expédiée partout en France métropolitaine ; ils sont signalés sur leur fiche.",
    ],
  },
];
