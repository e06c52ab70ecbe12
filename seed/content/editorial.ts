/**
 * The demo shop's editorial texts, written for this project: FAQ, blog, store page, footer,
 * error pages and product status texts. Plain data: `seed/content/index.ts` turns it into entries.
 */

export type FaqCategoryText = {
  slug: string;
  title: string;
  questions: readonly { question: string; answer: readonly string[] }[];
};

export const FAQ: readonly FaqCategoryText[] = [
  {
    slug: "commande",
    title: "Commande",
    questions: [
      {
        question: "Comment passer commande ?",
        answer: [
          "Choisissez d'abord la livraison ou le retrait en magasin, ajoutez vos produits au panier puis validez-le. Vous choisissez ensuite votre créneau et réglez sur notre page de paiement sécurisée.",
        ],
      },
      {
        question: "Puis-je modifier ma commande après l'avoir validée ?",
        answer: [
          "Tant qu'elle n'est pas en préparation, appelez-nous au {{shop.phone}} : nous ajoutons ou retirons volontiers un produit. Au-delà, il est trop tard pour la modifier.",
        ],
      },
      {
        question: "Y a-t-il un montant minimum de commande ?",
        answer: [
          "Non, ni en livraison ni en retrait. Des frais de service de {{order.serviceFee}} s'ajoutent à chaque commande et, en livraison, des frais de livraison {{delivery.fees}}.",
        ],
      },
      {
        question: "Pourquoi mon panier a-t-il été vidé quand j'ai ajouté un plat du traiteur ?",
        answer: [
          "Les plats du traiteur sont préparés par notre cuisine et suivent leurs propres créneaux. Un panier ne peut pas mélanger plats cuisinés et épicerie : nous vous demandons de confirmer avant de le vider.",
        ],
      },
    ],
  },
  {
    slug: "livraison-et-retrait",
    title: "Livraison et retrait",
    questions: [
      {
        question: "Où livrez-vous ?",
        answer: [
          "Dans {{delivery.paris}} et dans ces communes de proche banlieue : {{delivery.suburbs}}. Saisissez votre adresse lors du choix du mode de livraison : nous vous disons tout de suite si nous pouvons venir.",
        ],
      },
      {
        question: "Comment fonctionne le retrait en magasin ?",
        answer: [
          "Choisissez « Retrait en magasin », votre point de retrait et un créneau {{slot.length}}, au plus tôt {{order.leadTime}} après votre commande. Nos points de retrait : {{pickup.stores}}.",
          "Horaires de retrait : {{pickup.hours}}. Présentez-vous au comptoir avec votre numéro de commande : vos sacs sont prêts.",
        ],
      },
      {
        question: "Que se passe-t-il si je suis absent à la livraison ?",
        answer: [
          "Le livreur vous appelle. Sans réponse, il repasse sur un créneau convenu avec le service client ; les produits frais sont gardés au froid entre-temps.",
        ],
      },
      {
        question: "Livrez-vous en province ?",
        answer: [
          "Oui pour une sélection d'épicerie et de vins, signalée sur les fiches produits. Les produits frais ne sont livrés qu'{{delivery.area}}.",
        ],
      },
    ],
  },
  {
    slug: "paiement",
    title: "Paiement",
    questions: [
      {
        question: "Quels moyens de paiement acceptez-vous ?",
        answer: [
          "Les cartes Visa, Mastercard et American Express. Le paiement se fait sur une page sécurisée ; nous ne conservons jamais le numéro complet de votre carte.",
        ],
      },
      {
        question: "Quand suis-je débité ?",
        answer: ["Au moment où vous validez votre commande."],
      },
      {
        question: "Comment utiliser un bon de réduction ?",
        answer: [
          "Saisissez son code dans le panier, avant le paiement. Le montant de la réduction s'affiche aussitôt ; certains bons ne valent qu'en livraison ou qu'au-delà d'un montant d'achat.",
        ],
      },
    ],
  },
  {
    slug: "compte",
    title: "Compte",
    questions: [
      {
        question: "Comment créer mon compte ?",
        answer: [
          "Cliquez sur « Se connecter » puis « Créer un compte ». Un courriel vous permet d'activer votre compte ; vous retrouvez ensuite vos commandes, favoris et listes de courses.",
        ],
      },
      {
        question: "J'ai oublié mon mot de passe, que faire ?",
        answer: [
          "Cliquez sur « Mot de passe oublié ? » depuis la fenêtre de connexion : vous recevez un lien pour en choisir un nouveau.",
        ],
      },
      {
        question: "À quoi servent les listes de courses ?",
        answer: [
          "À retrouver en un clic les produits que vous achetez souvent : créez autant de listes que vous voulez, puis ajoutez-les au panier en entier.",
        ],
      },
    ],
  },
  {
    slug: "produits",
    title: "Produits",
    questions: [
      {
        question: "D'où viennent vos produits ?",
        answer: [
          "De producteurs et d'artisans que nous connaissons, en France pour l'essentiel. L'origine de chaque produit figure sur sa fiche.",
        ],
      },
      {
        question: "Comment connaître les allergènes d'un produit ?",
        answer: [
          "La fiche de chaque produit liste ses allergènes et ses traces éventuelles. Vous pouvez aussi filtrer les rayons pour écarter un allergène.",
        ],
      },
      {
        question: "Que signifie « Bientôt disponible ! » ?",
        answer: [
          "Le produit est momentanément épuisé. Ajoutez-le à vos favoris : il revient généralement dans la semaine.",
        ],
      },
    ],
  },
];

export type BlogCategoryText = { slug: string; title: string; description: string };

export const BLOG_CATEGORIES: readonly BlogCategoryText[] = [
  {
    slug: "recettes",
    title: "Recettes",
    description:
      "Des recettes simples pour cuisiner les produits du Comptoir, de saison en saison.",
  },
  {
    slug: "portraits",
    title: "Portraits",
    description:
      "Les femmes et les hommes derrière nos produits : producteurs, artisans, vignerons.",
  },
  {
    slug: "conseils",
    title: "Conseils et accords",
    description: "Conserver, servir, marier : les conseils de l'équipe du magasin.",
  },
];

export type BlogPostText = {
  slug: string;
  category: string;
  title: string;
  author: string;
  /** Days before the seed's "now". */
  daysAgo: number;
  excerpt: string;
  tags: readonly string[];
  lines: readonly string[];
};

export const BLOG_POSTS: readonly BlogPostText[] = [
  {
    slug: "galette-des-rois-frangipane",
    category: "recettes",
    title: "La galette des rois à la frangipane",
    author: "Julien, chef pâtissier",
    daysAgo: 3,
    excerpt:
      "Une pâte feuilletée pur beurre, une frangipane parfumée au rhum : la recette de la maison.",
    tags: ["hiver", "pâtisserie"],
    lines: [
      "Chaque janvier, la galette revient sur le comptoir. Voici celle que nous préparons en boutique, à refaire chez vous avec deux abaisses de pâte feuilletée.",
      "## Ingrédients pour 8 personnes",
      "- 2 abaisses de pâte feuilletée pur beurre",
      "- 125 g de poudre d'amande, 100 g de sucre, 100 g de beurre mou",
      "- 2 œufs, plus un jaune pour la dorure, et une cuillère de rhum ambré",
      "## La recette",
      "Fouettez le beurre et le sucre, ajoutez les œufs un à un, puis la poudre d'amande et le rhum. Étalez la crème sur la première abaisse en laissant deux centimètres de bord, glissez la fève, couvrez de la seconde abaisse et soudez les bords.",
      "Dorez, rayez le dessus à la pointe du couteau et enfournez 35 minutes à 180 °C. Servez tiède.",
    ],
  },
  {
    slug: "veloute-de-potimarron-noisettes",
    category: "recettes",
    title: "Velouté de potimarron aux noisettes torréfiées",
    author: "Sophie, au rayon fruits et légumes",
    daysAgo: 12,
    excerpt: "Le potimarron se cuisine avec sa peau : une soupe douce prête en trente minutes.",
    tags: ["automne", "légumes"],
    lines: [
      "Le potimarron a un goût de châtaigne que l'on retrouve dans ce velouté tout simple.",
      "- 1 potimarron d'un kilo, lavé, épépiné et coupé en cubes",
      "- 1 oignon, 20 cl de crème, une poignée de noisettes",
      "Faites revenir l'oignon, ajoutez le potimarron, couvrez d'eau à hauteur et laissez cuire 25 minutes. Mixez avec la crème, salez, poivrez.",
      "Torréfiez les noisettes à sec dans une poêle, concassez-les et parsemez-en chaque bol avec un filet d'huile de noisette.",
    ],
  },
  {
    slug: "tartines-de-chevre-au-miel",
    category: "recettes",
    title: "Tartines de chèvre au miel et au thym",
    author: "Julien, chef pâtissier",
    daysAgo: 25,
    excerpt: "Un apéritif en dix minutes avec un bon pain de campagne et un chèvre frais.",
    tags: ["apéritif", "fromage"],
    lines: [
      "Coupez un pain de campagne en tranches fines et faites-les griller. Tartinez de chèvre frais, arrosez d'un filet de miel de lavande et parsemez de thym.",
      "Passez deux minutes sous le gril du four : le miel caramélise légèrement. Servez aussitôt avec un vin blanc sec de Loire.",
    ],
  },
  {
    slug: "blanquette-de-veau-a-l-ancienne",
    category: "recettes",
    title: "La blanquette de veau à l'ancienne",
    author: "Marc, au rayon boucherie",
    daysAgo: 40,
    excerpt:
      "Le plat du dimanche par excellence, avec les conseils de notre boucher pour choisir les morceaux.",
    tags: ["plat mijoté", "boucherie"],
    lines: [
      "Demandez à votre boucher un mélange de tendron et d'épaule : le premier apporte le moelleux, la seconde la tenue.",
      "Blanchissez la viande, puis faites-la cuire deux heures à frémissement avec une carotte, un oignon piqué de clous de girofle et un bouquet garni.",
      "Liez le bouillon avec un roux blond, ajoutez champignons et petits oignons, puis, hors du feu, une liaison de crème et de jaune d'œuf. Servez avec un riz pilaf.",
    ],
  },
  {
    slug: "rencontre-avec-un-apiculteur",
    category: "portraits",
    title: "Une journée avec notre apiculteur",
    author: "L'équipe du Comptoir",
    daysAgo: 18,
    excerpt: "Au pied du Ventoux, les ruches transhument au rythme des floraisons.",
    tags: ["miel", "artisans"],
    lines: [
      "Il est six heures quand nous rejoignons le rucher, au moment où les abeilles sont encore calmes. Deux cents ruches suivent chaque année les floraisons : romarin au printemps, lavande en juillet, châtaignier à l'automne.",
      "« Un miel de cru, c'est une année, un lieu et une fleur », résume l'apiculteur. Ses pots sont extraits à froid et jamais chauffés, pour garder tous les arômes.",
      "Au magasin, vous retrouvez ses miels au rayon épicerie sucrée, étiquetés par récolte.",
    ],
  },
  {
    slug: "le-fromager-affineur",
    category: "portraits",
    title: "Le métier d'affineur, entre patience et caves fraîches",
    author: "L'équipe du Comptoir",
    daysAgo: 55,
    excerpt: "Comté de 18 mois, tomme de montagne : ce que l'affinage change au goût d'un fromage.",
    tags: ["fromage", "artisans"],
    lines: [
      "Un fromage sort de la fromagerie encore jeune. L'affineur le garde ensuite des semaines ou des mois en cave, le retourne, le frotte et le goûte à la sonde.",
      "Cette patience développe les arômes : noisette pour un comté de 18 mois, sous-bois pour une tomme affinée sur planches d'épicéa.",
      "Notre fromagère sélectionne chaque meule en cave, avant qu'elle ne rejoigne le comptoir.",
    ],
  },
  {
    slug: "vigneronne-en-biodynamie",
    category: "portraits",
    title: "Portrait d'une vigneronne en biodynamie",
    author: "Antoine, caviste",
    daysAgo: 70,
    excerpt: "Sept hectares, des chevaux pour labourer et des vins qui racontent leur terroir.",
    tags: ["vin", "artisans"],
    lines: [
      "Elle a repris les vignes familiales il y a quinze ans et les a converties à la biodynamie. Les sols sont labourés au cheval, les vendanges faites à la main.",
      "Ses cuvées, peu soufrées, demandent à être ouvertes une heure avant le repas. Antoine vous conseille sa cuvée de gamay sur une volaille rôtie.",
    ],
  },
  {
    slug: "bien-conserver-ses-fromages",
    category: "conseils",
    title: "Bien conserver ses fromages",
    author: "Claire, fromagère",
    daysAgo: 8,
    excerpt: "Papier, température, durée : nos conseils pour garder un fromage à son meilleur.",
    tags: ["fromage", "conservation"],
    lines: [
      "Gardez vos fromages dans leur papier d'origine, ou dans un papier sulfurisé, jamais dans un film plastique qui les empêche de respirer.",
      "- Le bac à légumes du réfrigérateur est l'endroit idéal, entre 6 et 10 °C.",
      "- Sortez-les une heure avant de les servir : les arômes se révèlent à température ambiante.",
      "- Séparez les pâtes persillées des autres fromages.",
      "Un fromage à pâte dure se garde deux à trois semaines ; un fromage frais, quelques jours seulement.",
    ],
  },
  {
    slug: "accords-mets-et-vins-de-fete",
    category: "conseils",
    title: "Nos accords mets et vins pour les fêtes",
    author: "Antoine, caviste",
    daysAgo: 30,
    excerpt: "Du foie gras à la bûche, quel vin servir à chaque plat du réveillon ?",
    tags: ["vin", "fêtes"],
    lines: [
      "## Avec le foie gras",
      "Un liquoreux jeune, ou pour changer un vin blanc moelleux de Loire, plus frais.",
      "## Avec les huîtres et les fruits de mer",
      "Un muscadet sur lie ou un chablis : vifs et iodés, ils prolongent la mer.",
      "## Avec la volaille",
      "Un bourgogne rouge souple ou un vin du Jura.",
      "## Avec la bûche",
      "Un champagne demi-sec, ou simplement un thé fumé si l'on a déjà bien fêté.",
      "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
    ],
  },
  {
    slug: "composer-un-plateau-de-charcuterie",
    category: "conseils",
    title: "Composer un plateau de charcuterie",
    author: "Marc, au rayon boucherie",
    daysAgo: 48,
    excerpt: "Combien prévoir par personne, quoi associer, comment trancher.",
    tags: ["apéritif", "charcuterie"],
    lines: [
      "Comptez 80 à 100 g par personne pour un apéritif dînatoire. Variez les textures : un jambon sec, une terrine, un saucisson, une viande séchée.",
      "Tranchez finement au dernier moment, ajoutez cornichons, beurre demi-sel et pain de campagne. Un vin rouge léger, servi frais, accompagne le tout.",
    ],
  },
  {
    slug: "les-agrumes-d-hiver",
    category: "conseils",
    title: "Les agrumes d'hiver, mode d'emploi",
    author: "Sophie, au rayon fruits et légumes",
    daysAgo: 15,
    excerpt:
      "Clémentines de Corse, oranges sanguines, bergamotes : comment les choisir et les utiliser.",
    tags: ["hiver", "fruits"],
    lines: [
      "Choisissez des agrumes lourds pour leur taille, à la peau fine et brillante : ils sont juteux.",
      "Les oranges sanguines se pressent ; les bergamotes parfument une crème ou un poisson ; le zeste des clémentines de Corse, non traitées, se râpe dans un gâteau.",
    ],
  },
];

/**
 * The stores page's prose. Its facts (each store's address, phone and hours, the delivered
 * towns) are not written here: the storefront renders them from the ordering service's stores
 * and zones (app/routes/content/store.tsx).
 */
export const SHOP_PAGE = {
  slug: "magasin",
  title: "Nos magasins",
  intro:
    "L'épicerie fine, la fromagerie, la boucherie, la cave et le comptoir du traiteur du Comptoir vous attendent dans nos magasins parisiens, où vos commandes sont prêtes au retrait.",
} as const;

export const REASSURANCE = [
  {
    title: "Livraison à domicile",
    text: "Nous livrons {{delivery.area}}, sur le créneau de votre choix.",
    page: "livraison-et-retrait",
  },
  {
    title: "Retrait en magasin",
    text: "Prête et emballée, sur un créneau {{slot.length}} : {{pickup.names}}.",
    page: "livraison-et-retrait",
  },
  {
    title: "Paiement sécurisé",
    text: "Vos paiements sont chiffrés ; nous ne gardons jamais votre numéro de carte.",
    page: "cgv",
  },
  {
    title: "Produits d'artisans",
    text: "Des producteurs que nous connaissons, pour la plupart en France.",
    page: null,
  },
  {
    title: "Fraîcheur garantie",
    text: "Les produits frais voyagent au froid, de notre comptoir à votre réfrigérateur.",
    page: null,
  },
  {
    title: "Un service client à l'écoute",
    text: "Au {{shop.phone}} ou à {{shop.email}}.",
    page: null,
  },
] as const;

export const SOCIAL_LINKS = [
  { network: "instagram", label: "Instagram", url: "https://www.instagram.com/comptoir.paris" },
  { network: "facebook", label: "Facebook", url: "https://www.facebook.com/comptoir.paris" },
  { network: "pinterest", label: "Pinterest", url: "https://www.pinterest.fr/comptoirparis" },
  { network: "youtube", label: "YouTube", url: "https://www.youtube.com/@comptoirparis" },
] as const;

export const HEALTH_DISCLAIMER =
  "Pour votre santé, mangez au moins cinq fruits et légumes par jour. www.mangerbouger.fr";
export const ALCOHOL_DISCLAIMER =
  "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.";
export const COPYRIGHT = "© 2021 Comptoir";

export const FOOTER_LEGAL_TEXT = [
  // The shop's identity (platform/shop-identity.ts), filled in by the storefront.
  "{{shop.legalLine}}",
  "La vente d'alcool est interdite aux mineurs : en commandant des boissons alcoolisées, vous déclarez avoir au moins dix-huit ans. Les photographies des produits sont non contractuelles.",
] as const;

export const ERROR_PAGES = [
  {
    code: 404,
    title: "Cette page est introuvable",
    message:
      "La page que vous cherchez a peut-être changé d'adresse, ou le produit n'est plus en rayon. Nos rayons, eux, sont toujours là.",
  },
  {
    code: 500,
    title: "Une erreur est survenue",
    message:
      "Nous n'avons pas pu afficher cette page. Réessayez dans quelques instants ; si le problème persiste, notre service client est là pour vous aider.",
  },
] as const;

/** Display texts for unavailable products (`product_status_text`). */
export const PRODUCT_STATUS_TEXTS = {
  unavailable: "Bientôt disponible !",
  archived: "Ce produit n'est plus vendu",
  clickCollectOnly: "Uniquement en retrait en magasin",
  ageLimit: "Réservé aux personnes majeures",
} as const;

/** A colour for each top category's title in the menu. */
export const TITLE_COLORS: Record<string, string> = {
  "epicerie-salee": "#9a3412",
  "epicerie-sucree": "#be185d",
  cave: "#7f1d1d",
  fromagerie: "#a16207",
  "boucherie-charcuterie": "#b91c1c",
  "fruits-et-legumes": "#15803d",
  traiteur: "#1d4ed8",
  "boulangerie-patisserie": "#92400e",
};
