/**
 * Fictional brands, ten per top category: every name is made up for the demo. `artisan` brands
 * are the ones the /nos-artisans pages show, each with its own story. `makes` lists the
 * categories (at any level) a brand sells in; a brand without it sells in its whole top
 * category.
 */
export type BrandSpec = {
  name: string;
  artisan?: boolean;
  makes?: readonly string[];
  /** An artisan's portrait: it speaks of what the artisan makes, nothing else. */
  story?: ArtisanStory;
};

export type ArtisanStory = {
  region: string;
  /** Where the workshop is, as a sentence says it: « en Provence », « à Paris ». */
  where: string;
  /** What the artisan does, after its name: « élève ses abeilles… ». */
  trade: string;
  quote: string;
};

export const BRANDS: Record<string, readonly BrandSpec[]> = {
  "epicerie-salee": [
    { name: "Maison Albarède" },
    { name: "Les Conserveries du Ponant", makes: ["conserves-de-la-mer"] },
    {
      name: "Moulin de la Roque-Basse",
      artisan: true,
      story: {
        region: "Provence",
        where: "en Provence",
        trade:
          "presse ses olives à froid au moulin et fait sécher au grand air ses pâtes de blé dur et ses légumineuses de la récolte",
        quote: "Une bonne huile, c'est d'abord un fruit cueilli au bon moment.",
      },
      makes: ["huiles-et-vinaigres", "pates-riz-et-legumineuses"],
    },
    {
      name: "Comptoir des Épices Vasseur",
      makes: ["sel-poivre-et-epices", "condiments-et-sauces"],
    },
    {
      name: "Huilerie Castagnol",
      artisan: true,
      story: {
        region: "Périgord",
        where: "dans le Périgord",
        trade:
          "presse à froid ses noix, ses noisettes et ses graines, et fait vieillir ses vinaigres en fût de chêne",
        quote: "Nous torréfions les cerneaux juste avant la presse, jamais la veille.",
      },
      makes: ["huiles-et-vinaigres"],
    },
    {
      name: "Domaine Oliviers de Sainte-Lucie",
      makes: ["huiles-d-olive", "condiments-et-sauces", "aperitif"],
    },
    {
      name: "La Table de Marius",
      makes: ["condiments-et-sauces", "aperitif", "coffrets-epicerie-fine", "conserves-de-la-mer"],
    },
    { name: "Saline de Port-Guérin", makes: ["sel-poivre-et-epices"] },
    { name: "Pastificio Benvenuti", makes: ["pates-riz-et-legumineuses"] },
    { name: "Épicerie Delorme & Fils" },
  ],
  "epicerie-sucree": [
    {
      name: "Chocolaterie Aubrac-Vidal",
      artisan: true,
      story: {
        region: "Auvergne",
        where: "en Auvergne",
        trade:
          "torréfie elle-même ses fèves de cacao pour ses tablettes de chocolat, ses pralinés et ses bouchées",
        quote: "Le cacao se choisit comme un vin : par sa plantation et son année.",
      },
      makes: ["chocolats"],
    },
    { name: "Biscuiterie de la Baie", makes: ["biscuits-et-gateaux-secs"] },
    {
      name: "Confiturerie Marquisat",
      artisan: true,
      story: {
        region: "Provence",
        where: "en Provence",
        trade:
          "cuit ses confitures de fruits en petits chaudrons de cuivre et prépare ses pâtes de fruits, nougats et calissons",
        quote: "Nous cuisons en petits chaudrons, comme on le faisait à la maison.",
      },
      makes: ["confitures-miels-et-pates-a-tartiner", "confiseries"],
    },
    {
      name: "Rucher des Quatre Vents",
      artisan: true,
      story: {
        region: "Provence",
        where: "au pied du mont Ventoux",
        trade:
          "élève ses abeilles au rythme des floraisons et récolte des miels de lavande, d'acacia et de châtaignier",
        quote: "Un miel de cru, c'est une année, un lieu et une fleur.",
      },
      makes: ["confitures-miels-et-pates-a-tartiner"],
    },
    { name: "Maison Théodore Lamy" },
    { name: "Torréfacteur Balthazar", makes: ["cafes"] },
    { name: "Confiserie Clairefond", makes: ["confiseries", "bouchees-et-pralines"] },
    { name: "Les Délices d'Augustine" },
    { name: "Cacaoterie Valmont", makes: ["chocolats"] },
    { name: "Thés de la Compagnie Orsini", makes: ["thes-et-infusions", "cafes"] },
  ],
  cave: [
    {
      name: "Domaine des Trois Vallons",
      artisan: true,
      story: {
        region: "Bourgogne",
        where: "en Bourgogne",
        trade:
          "cultive ses vignes sans désherbant et vendange ses raisins à la main pour des vins de garde",
        quote: "Le vin se fait à la vigne ; en cave, on l'accompagne.",
      },
      makes: ["vins"],
    },
    { name: "Château de la Garrigue-Haute", makes: ["vins"] },
    { name: "Maison Vernay-Duclos", makes: ["vins", "champagnes-et-effervescents"] },
    { name: "Cave des Coteaux Rieux" },
    {
      name: "Champagne Hubert Lescure",
      artisan: true,
      story: {
        region: "Champagne",
        where: "sur la Montagne de Reims",
        trade:
          "élabore ses champagnes à partir de ses propres vignes et les laisse trois ans sur lattes",
        quote: "Les bulles fines viennent du temps passé en cave.",
      },
      makes: ["champagnes-et-effervescents"],
    },
    { name: "Distillerie de la Combe Noire", makes: ["spiritueux", "aperitifs-et-liqueurs"] },
    {
      name: "Clos Saint-Aurèle",
      artisan: true,
      story: {
        region: "Languedoc",
        where: "dans le Languedoc",
        trade:
          "vinifie en biodynamie ses vins rouges, blancs et rosés, nés de sept hectares de vignes en terrasses",
        quote: "La vigne dit son terroir ; nous essayons de ne pas l'interrompre.",
      },
      makes: ["vins"],
    },
    { name: "Brasserie du Vieux Port", makes: ["bieres-et-cidres"] },
    { name: "Cidrerie Le Verger Fleuri", makes: ["bieres-et-cidres", "cognacs-et-armagnacs"] },
    { name: "Maison Fabre-Rouvière", makes: ["spiritueux", "aperitifs-et-liqueurs"] },
  ],
  fromagerie: [
    {
      name: "Fromagerie des Hautes-Combes",
      artisan: true,
      story: {
        region: "Jura",
        where: "dans le Jura",
        trade: "fabrique ses meules de comté et ses tommes au lait cru des troupeaux voisins",
        quote: "Le temps est notre premier ingrédient.",
      },
      makes: ["pates-pressees"],
    },
    { name: "Laiterie Saint-Amans", makes: ["cremerie", "pates-molles"] },
    {
      name: "Affinage Marcellin Roux",
      artisan: true,
      story: {
        region: "Savoie",
        where: "en Savoie",
        trade:
          "affine en cave naturelle, sur planches d'épicéa, des fromages de chèvre, des pâtes molles, des bleus et des tommes",
        quote: "Un fromage s'écoute autant qu'il se goûte.",
      },
    },
    {
      name: "Ferme du Bois-Joli",
      artisan: true,
      story: {
        region: "Poitou",
        where: "dans le Poitou",
        trade:
          "élève ses chèvres en plein air et moule à la louche ses fromages de chèvre, ses faisselles et son fromage blanc",
        quote: "Nos chèvres sortent dès que l'herbe repousse.",
      },
      makes: ["fromages-de-chevre", "cremerie"],
    },
    { name: "Caves d'Ambérieu", makes: ["bleus-et-persilles", "pates-pressees"] },
    { name: "Crèmerie Bourdonnais", makes: ["cremerie"] },
    { name: "Chèvrerie des Garrigues", makes: ["fromages-de-chevre"] },
    { name: "Fromagerie Vautrin", makes: ["pates-molles", "bleus-et-persilles"] },
    { name: "Coopérative du Val d'Aurance", makes: ["pates-molles", "pates-pressees"] },
    { name: "Maison Lefranc Affineur" },
  ],
  "boucherie-charcuterie": [
    {
      name: "Boucherie Ménard",
      artisan: true,
      story: {
        region: "Limousin",
        where: "dans le Limousin",
        trade:
          "choisit ses bêtes chez les éleveurs voisins et fait maturer sur os ses viandes de bœuf et de veau ; ses volailles sont fermières",
        quote: "Un animal bien élevé donne une viande qui n'a besoin de rien.",
      },
      makes: ["boeuf", "veau-et-agneau", "volailles"],
    },
    { name: "Salaisons des Monts d'Arrée", makes: ["charcuterie"] },
    {
      name: "Maison Carrère",
      artisan: true,
      story: {
        region: "Gers",
        where: "dans le Gers",
        trade:
          "prépare à la ferme ses jambons, ses saucissons, ses terrines et ses foies gras de canard",
        quote: "Le sel, le temps et un bon cochon : rien d'autre.",
      },
      makes: ["charcuterie", "foie-gras"],
    },
    { name: "Volailles de la Bresse Haute", makes: ["volailles"] },
    { name: "Charcuterie Perrichon", makes: ["charcuterie"] },
    { name: "Élevage du Grand Pré", makes: ["boeuf", "veau-et-agneau"] },
    { name: "Foies Gras Lacombe", makes: ["foie-gras"] },
    { name: "Jambonnerie de l'Adour", makes: ["jambons"] },
    { name: "Bergerie de Sauveterre", makes: ["veau-et-agneau"] },
    { name: "Maison Gravelot", makes: ["boeuf", "volailles", "pates-et-terrines"] },
  ],
  "fruits-et-legumes": [
    { name: "Vergers de la Durance", makes: ["fruits"] },
    {
      name: "Maraîchers du Val Fleuri",
      artisan: true,
      story: {
        region: "Île-de-France",
        where: "en Île-de-France",
        trade:
          "cultive en agriculture biologique des légumes et des herbes aromatiques à quarante kilomètres de Paris",
        quote: "Nous cueillons la veille de la livraison, jamais plus tôt.",
      },
      makes: ["legumes", "herbes-aromatiques"],
    },
    { name: "Primeurs Rochambeau" },
    {
      name: "Jardins de Saint-Clément",
      makes: ["legumes", "herbes-aromatiques", "fruits-de-saison"],
    },
    { name: "Agrumes Santoni", makes: ["agrumes", "fruits-exotiques"] },
    { name: "Champignonnière des Coteaux", makes: ["champignons"] },
    {
      name: "Ferme Lebreton",
      artisan: true,
      story: {
        region: "Val de Loire",
        where: "dans le Val de Loire",
        trade:
          "cultive des légumes de plein champ et des fruits de saison : fraises, cerises, pommes et poires",
        quote: "Un fruit cueilli mûr n'a pas besoin de voyager loin.",
      },
      makes: ["legumes", "fruits-de-saison"],
    },
    { name: "Les Halles d'Albin" },
    { name: "Fruits Secs Mirabeau", makes: ["fruits-secs-et-graines"] },
    {
      name: "Cueillette des Aulnes",
      makes: ["champignons", "herbes-aromatiques", "fruits-de-saison"],
    },
  ],
  traiteur: [
    { name: "Traiteur Beaumanoir" },
    {
      name: "Les Cuisines de Lucie",
      artisan: true,
      story: {
        region: "Paris",
        where: "à Paris",
        trade:
          "cuisine chaque matin des plats mijotés, des salades et des soupes de saison avec les produits du magasin",
        quote: "Des plats comme à la maison, le temps en moins.",
      },
    },
    { name: "Maison Castellane" },
    { name: "Atelier Fioretti-Roux" },
    {
      name: "Fumaison de l'Aber",
      artisan: true,
      story: {
        region: "Bretagne",
        where: "en Bretagne",
        trade:
          "sale à la main et fume au bois de hêtre ses saumons, ses truites et ses haddocks, et sélectionne ses caviars",
        quote: "Un bon fumage ne masque jamais le poisson.",
      },
      makes: ["poissons-fumes-et-caviar"],
    },
    { name: "La Marmite de Célestin", makes: ["plats-cuisines", "soupes-et-veloutes"] },
    { name: "Traiteur Oriol" },
    { name: "Les Bocaux de Jeanne", makes: ["soupes-et-veloutes", "plats-cuisines"] },
    { name: "Cuisine Nomade Sarrazin", makes: ["sandwichs-et-snacking", "entrees-et-salades"] },
    { name: "Maison Valrose" },
  ],
  "boulangerie-patisserie": [
    {
      name: "Boulangerie Saint-Honoré Martel",
      artisan: true,
      story: {
        region: "Paris",
        where: "à Paris",
        trade:
          "pétrit ses pains au levain naturel et façonne chaque matin viennoiseries et pâtisseries",
        quote: "Une pâte a besoin d'une nuit pour devenir du pain.",
      },
      makes: ["pains", "viennoiseries", "patisseries"],
    },
    {
      name: "Fournil des Amandiers",
      artisan: true,
      story: {
        region: "Normandie",
        where: "en Normandie",
        trade:
          "pétrit au levain naturel et cuit au feu de bois ses pains, ses croissants et ses brioches",
        quote: "Le feu de bois donne au pain sa croûte et sa patience.",
      },
      makes: ["pains", "viennoiseries"],
    },
    { name: "Pâtisserie Lemercier", makes: ["patisseries", "gateaux-de-voyage", "macarons"] },
    { name: "Maison Roussel" },
    { name: "Le Pétrin d'Antan", makes: ["pains"] },
    {
      name: "Macarons Delaunay",
      artisan: true,
      story: {
        region: "Lorraine",
        where: "en Lorraine",
        trade: "garnit ses macarons de ganaches et de confitures maison, parfum par parfum",
        quote: "Un macaron se garnit la veille et se goûte le lendemain.",
      },
      makes: ["macarons"],
    },
    { name: "Atelier Sucré Colombe", makes: ["patisseries", "gateaux-de-voyage"] },
    { name: "Moulin Bertrand", makes: ["pains", "gateaux-de-voyage"] },
    { name: "Viennoiseries Garnier", makes: ["viennoiseries"] },
    { name: "La Mie Dorée" },
  ],
};
