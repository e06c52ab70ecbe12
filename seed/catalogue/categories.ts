import type { PictureKind } from "#platform/commerce/index.ts";
import { VAT_INTERMEDIATE, VAT_REDUCED, VAT_STANDARD, type VatRate } from "#platform/vat.ts";
import type { AllergenKey, DietKey, LabelKey } from "#seed/catalogue/taxonomies.ts";

/**
 * The demo catalogue's tree and word lists: eight top categories, their sub-categories and, where
 * a shop would have one, a third level (cave › vins › vins rouges). Products hang off the leaves;
 * their titles combine a leaf's names with its qualifiers ("Comté AOP" + "18 mois"). Traits set on
 * a node apply to everything below it unless a lower node sets them again.
 */

export type Unit = "g" | "kg" | "cl" | "l" | "pièce" | "part";
/** A selling format: `[250, "g"]`, `[75, "cl"]`, `[6, "pièce"]`. */
export type Format = readonly [number, Unit];
export type Range = readonly [number, number];

/**
 * Per 100 g or 100 ml, in grams: fats, saturated fats as a share of the fats, carbohydrates,
 * sugars as a share of the carbohydrates, protein, salt. The energy is not drawn: it is computed
 * from these with the factors of EU regulation 1169/2011 (annex XIV).
 */
export type Nutrition = {
  lipids: Range;
  saturated: Range;
  glucids: Range;
  sugars: Range;
  proteins: Range;
  salt: Range;
};

/** Why products declare no nutrition (EU 1169/2011, article 16 and annex V), as the page says it. */
export type NutritionExemption = { exempt: string };

export const EXEMPTIONS = {
  alcohol:
    "Exempté de déclaration nutritionnelle : boisson titrant plus de 1,2 % d'alcool en volume (règlement (UE) n° 1169/2011, article 16).",
  infusion:
    "Exempté de déclaration nutritionnelle : thé, café ou infusion de plantes (règlement (UE) n° 1169/2011, annexe V).",
  assortment:
    "Exempté de déclaration nutritionnelle : coffret de plusieurs produits, chacun porte la sienne sur son emballage.",
} as const;

export type Traits = {
  formats?: readonly Format[];
  /** Euros per kilogram, litre or piece (whichever the format counts in). */
  pricePer?: Range;
  /** The ranges the declaration is drawn from, or why these products are exempt from one. */
  nutrition?: Nutrition | NutritionExemption;
  /** Date marking and use after opening: « À consommer jusqu'au… », « de préférence avant… ». */
  durability?: string;
  /**
   * The list of ingredients of the products, unless `recipes.ts` gives a product's own:
   * `{title}` is the product's title, `{name}` its name without the qualifier.
   */
  ingredients?: string;
  conservation?: readonly string[];
  origins?: readonly string[];
  /**
   * A box of several products whose list of ingredients does not name them: its allergens are
   * those `allergens` declares, and it claims no diet.
   */
  assorted?: boolean;
  /**
   * Allergens the products contain where their ingredients do not tell (products with a list
   * of ingredients get theirs from it), then those they may contain as traces.
   */
  allergens?: readonly AllergenKey[];
  traces?: readonly AllergenKey[];
  /** Diets the products usually suit; each product gets each with some probability. */
  diets?: readonly DietKey[];
  /** Labels some products carry, on top of those their titles state. */
  labels?: readonly LabelKey[];
  /** Description sentences: {title}, {origin} and {brand} are filled in. */
  sentences?: readonly string[];
  serving?: readonly string[];
  /** Alcohol by volume, for the cave. */
  alcohol?: Range;
  /** The products' VAT rate (platform/vat.ts) when not food's 5.5 %. */
  vat?: VatRate;
  /**
   * Cut to order at the counter and sold by weight (platform/sold-by-weight.ts): 250 g, 500 g
   * and 1 kg at one price per kilogram, drawn from `pricePer`, whatever `formats` says.
   */
  soldByWeight?: boolean;
};

/**
 * Names that share qualifiers. The other fields override the leaf's for these names: in a leaf
 * of beers and ciders only the beers contain gluten; caviar is not priced like smoked salmon.
 */
export type Line = {
  names: readonly string[];
  qualifiers?: readonly string[];
  origin?: string;
  allergens?: readonly AllergenKey[];
  formats?: readonly Format[];
  pricePer?: Range;
  /** The most one order may hold (max_quantity); the shop's default is 10. */
  maxQuantity?: number;
  /** What these products' pictures show, when not what their category's show. */
  picture?: PictureKind;
  /** These products' VAT rate, when not their category's: caviar among smoked fish. */
  vat?: VatRate;
};

export type Push = {
  title: string;
  subtitle: string;
  text: string;
  link: string;
  layout: string;
  /** What its pictures show. */
  picture: PictureKind;
};

export type CategoryNode = {
  title: string;
  /** What the category's banner shows, and its products' pictures unless their line says. */
  picture: PictureKind;
  /**
   * One or two sentences for the collection page. `{count}` is replaced by how many live
   * products of the leaves `countOf` names (all below the category without it) there are,
   * written as `claimedCount` writes it: a claim about the catalogue has to match it.
   */
  description: string;
  countOf?: readonly string[];
  traits?: Traits;
  /** Leaves only. */
  lines?: readonly Line[];
  children?: readonly CategoryNode[];
  /** A leaf's share of the products (1 when omitted; 0 for an emptied category). */
  weight?: number;
  /** A retired category: its page shows this text instead of products. */
  archived?: string;
  push?: Push;
};

const AGED = ["", "au lait cru", "fermier", "affiné en cave", "de caractère"];

export const CATEGORIES: readonly CategoryNode[] = [
  {
    title: "Épicerie salée",
    picture: "huile",
    description:
      "Huiles, conserves de la mer, épices et condiments : le garde-manger des bonnes tables, choisi chez des producteurs que nous connaissons.",
    traits: {
      durability:
        "À consommer de préférence avant la date indiquée sur l'emballage. Après ouverture, à conserver au frais et à consommer rapidement.",
      conservation: [
        "À conserver dans un endroit sec, à l'abri de la lumière et de la chaleur.",
        // What to do once opened is the durability text's, not said twice.
        "À conserver à température ambiante, à l'abri de l'humidité.",
      ],
      origins: ["France", "Provence, France", "Bretagne, France", "Italie", "Espagne"],
      diets: ["vegetarien", "vegan", "sans-lactose"],
      labels: ["ab"],
      sentences: [
        "Une référence de l'épicerie fine, sélectionnée par nos équipes pour sa constance et son goût franc.",
        "Un produit de garde-manger qui relève en un instant les recettes du quotidien.",
        "Nos épiciers l'ont choisi pour la qualité de ses matières premières et sa fabrication soignée.",
      ],
      nutrition: {
        lipids: [1, 30],
        saturated: [0.1, 0.4],
        glucids: [1, 60],
        sugars: [0.05, 0.4],
        proteins: [1, 15],
        salt: [0.2, 2.5],
      },
    },
    push: {
      title: "L'épicerie du Sud",
      picture: "huile",
      subtitle: "Huiles, tapenades et anchois",
      text: "Un voyage en Méditerranée, de Nyons à Collioure, à glisser dans le panier.",
      link: "/c/epicerie-salee/huiles-et-vinaigres/",
      layout: "left",
    },
    children: [
      {
        title: "Huiles et vinaigres",
        picture: "huile",
        description:
          "Huiles d'olive de moulin, huiles de noix et de graines, vinaigres de vin et balsamiques.",
        traits: {
          nutrition: {
            lipids: [91, 100],
            saturated: [0.1, 0.18],
            glucids: [0, 0.5],
            sugars: [0, 1],
            proteins: [0, 0.2],
            salt: [0, 0.05],
          },
          diets: ["vegetarien", "vegan", "sans-gluten", "sans-lactose", "halal", "casher"],
          formats: [
            [50, "cl"],
            [75, "cl"],
            [25, "cl"],
          ],
          pricePer: [18, 60],
        },
        children: [
          {
            title: "Huiles d'olive",
            picture: "huile",
            description:
              "Des huiles d'olive vierges extra de moulins provençaux, andalous et toscans.",
            traits: {
              ingredients: "100 % huile d'olive vierge extra obtenue à froid.",
              sentences: [
                "Obtenue par première pression à froid, cette huile d'olive vierge extra offre des notes d'herbe coupée et d'artichaut.",
                "Une huile d'olive ardente et fruitée, idéale en filet sur des légumes grillés ou un poisson.",
              ],
              labels: ["ab", "aop"],
            },
            lines: [
              {
                names: ["Huile d'olive vierge extra de Provence"],
                qualifiers: ["", "fruité vert", "fruité mûr", "récolte précoce"],
                origin: "Provence, France",
              },
              {
                names: ["Huile d'olive de Nyons AOP", "Huile d'olive de la Vallée des Baux AOP"],
                qualifiers: ["", "fruité noir", "cuvée du moulin"],
                origin: "Provence, France",
              },
              {
                names: [
                  "Huile d'olive vierge extra Picual",
                  "Huile d'olive vierge extra Arbequina",
                  "Huile d'olive vierge extra Taggiasca",
                  "Huile d'olive vierge extra de Crète",
                ],
                qualifiers: ["", "bio", "première pression à froid"],
                origin: "Espagne",
              },
            ],
          },
          {
            title: "Huiles de noix et de graines",
            picture: "huile",
            description: "Huiles de noix, de noisette, de sésame et de colza, pressées à froid.",
            traits: {
              formats: [
                [25, "cl"],
                [50, "cl"],
              ],
              pricePer: [24, 80],
              ingredients: "100 % {name}, pressée à froid.",
              sentences: [
                "Pressée à froid dans un petit moulin, cette huile garde tout le goût du fruit grillé.",
                "Quelques gouttes suffisent à parfumer une salade de mâche ou un carpaccio.",
              ],
            },
            lines: [
              {
                names: [
                  "Huile de noix du Périgord",
                  "Huile de noisette",
                  "Huile de noix de pécan",
                  "Huile de pistache",
                ],
                qualifiers: ["", "torréfiée", "vierge"],
                origin: "Périgord, France",
              },
              {
                names: ["Huile de sésame grillé", "Huile de colza", "Huile de pépins de courge"],
                qualifiers: ["", "bio", "vierge"],
              },
            ],
          },
          {
            title: "Vinaigres",
            picture: "vinaigre",
            description:
              "Vinaigres de vin vieillis en fût, balsamiques de Modène et vinaigres de fruits.",
            traits: {
              formats: [
                [25, "cl"],
                [50, "cl"],
              ],
              pricePer: [12, 90],
              allergens: ["sulfites"],
              nutrition: {
                lipids: [0, 0.5],
                saturated: [0, 0.2],
                glucids: [0.5, 55],
                sugars: [0.6, 1],
                proteins: [0, 0.5],
                salt: [0, 0.1],
              },
              ingredients: "Vinaigre de vin, antioxydant : sulfites.",
              sentences: [
                "Vieilli lentement en fût de chêne, ce vinaigre allie acidité et rondeur.",
                "Un vinaigre de caractère pour déglacer une poêlée ou relever une vinaigrette.",
              ],
            },
            lines: [
              {
                names: [
                  "Vinaigre balsamique de Modène IGP",
                  "Vinaigre de Xérès",
                  "Vinaigre de vin de Banyuls",
                ],
                qualifiers: ["", "vieilli 8 ans", "vieilli 12 ans", "réserve"],
                pricePer: [16, 90],
              },
              {
                names: [
                  "Vinaigre de cidre",
                  "Vinaigre de framboise",
                  "Vinaigre de miel",
                  "Vinaigre à l'estragon",
                ],
                qualifiers: ["", "artisanal", "bio"],
                pricePer: [8, 30],
              },
            ],
          },
        ],
      },
      {
        title: "Conserves de la mer",
        picture: "conserve",
        description:
          "Sardines millésimées, thon germon, rillettes de poisson et soupes de roche, pêchés et mis en boîte sur nos côtes.",
        traits: {
          formats: [
            [115, "g"],
            [160, "g"],
            [200, "g"],
          ],
          pricePer: [35, 95],
          allergens: ["poissons"],
          traces: ["crustaces", "mollusques"],
          diets: ["sans-gluten", "sans-lactose"],
          labels: ["msc", "label-rouge"],
          origins: ["Bretagne, France", "Pays basque, France", "Portugal", "Vendée, France"],
          nutrition: {
            lipids: [8, 26],
            saturated: [0.15, 0.3],
            glucids: [0, 3],
            sugars: [0, 0.5],
            proteins: [15, 26],
            salt: [0.6, 1.8],
          },
          ingredients: "Poisson (75 %), huile d'olive vierge extra, sel.",
          conservation: [
            "À conserver à température ambiante. Après ouverture, se conserve 48 heures au réfrigérateur.",
          ],
          sentences: [
            "Pêchés à la bonne saison puis travaillés à la main, ces poissons sont mis en boîte le jour même.",
            "Une conserve de la mer qui se bonifie avec le temps, à ouvrir pour un apéritif iodé.",
          ],
        },
        lines: [
          {
            names: ["Sardines à l'huile d'olive", "Sardines millésimées", "Filets de maquereaux"],
            qualifiers: ["", "au citron", "à la tomate", "au piment d'Espelette"],
          },
          {
            names: ["Thon germon au naturel", "Ventrèche de thon", "Filets d'anchois"],
            qualifiers: ["", "à l'huile d'olive", "bio"],
          },
          {
            names: ["Rillettes de sardines", "Rillettes de thon", "Soupe de poissons de roche"],
            qualifiers: ["", "au piment d'Espelette", "à l'ancienne"],
          },
        ],
      },
      {
        title: "Pâtes, riz et légumineuses",
        picture: "riz-et-legumineuses",
        description:
          "Pâtes de blé dur tréfilées au bronze, riz de Camargue et du Piémont, lentilles et pois chiches.",
        traits: {
          formats: [
            [500, "g"],
            [1, "kg"],
          ],
          pricePer: [4, 16],
          diets: ["vegetarien", "vegan", "sans-lactose", "halal", "casher"],
          ingredients: "100 % {name}.",
          nutrition: {
            lipids: [0.8, 3],
            saturated: [0.1, 0.3],
            glucids: [55, 75],
            sugars: [0.02, 0.08],
            proteins: [7, 24],
            salt: [0, 0.05],
          },
          sentences: [
            "Séché lentement à basse température, il garde une belle tenue à la cuisson.",
            "Une base de cuisine simple et savoureuse, produite par une maison familiale.",
          ],
        },
        lines: [
          {
            names: ["Spaghetti", "Linguine", "Rigatoni", "Paccheri", "Orecchiette", "Tagliatelle"],
            qualifiers: ["de Gragnano IGP", "au blé ancien", "tréfilés au bronze", "bio"],
            origin: "Italie",
          },
          {
            names: ["Riz noir Venere", "Riz carnaroli", "Riz rouge de Camargue IGP", "Riz basmati"],
            qualifiers: ["", "bio", "complet"],
          },
          {
            names: ["Lentilles vertes du Puy AOP", "Pois chiches", "Haricots tarbais Label Rouge"],
            qualifiers: ["", "bio", "de la récolte"],
            origin: "France",
          },
        ],
      },
      {
        title: "Sel, poivre et épices",
        picture: "epices",
        description:
          "Poivres de terroir, fleurs de sel, piment d'Espelette et mélanges d'épices préparés à la commande.",
        traits: {
          formats: [
            [50, "g"],
            [100, "g"],
            [125, "g"],
          ],
          pricePer: [30, 260],
          diets: ["vegetarien", "vegan", "sans-gluten", "sans-lactose", "halal", "casher"],
          traces: ["moutarde", "sesame", "celeri"],
          nutrition: {
            lipids: [0, 12],
            saturated: [0.1, 0.3],
            glucids: [0, 60],
            sugars: [0, 0.3],
            proteins: [0, 12],
            salt: [0, 97],
          },
          ingredients: "100 % {name}.",
          sentences: [
            "Moulu au dernier moment, il libère des arômes puissants et une longueur remarquable.",
            "Une épice de chef qui transforme un plat simple en assiette de fête.",
          ],
        },
        lines: [
          {
            names: ["Poivre noir de Kampot IGP", "Poivre noir de Penja", "Poivre long de Java"],
            qualifiers: ["", "en grains", "récolte fraîche"],
          },
          {
            names: [
              "Fleur de sel de Guérande IGP",
              "Sel gris de l'île de Ré",
              "Sel fumé au bois de hêtre",
            ],
            qualifiers: ["", "récolté à la main"],
            origin: "Bretagne, France",
          },
          {
            names: ["Piment d'Espelette AOP", "Ail noir", "Baies roses", "Curry de Madras"],
            qualifiers: ["", "moulu", "bio"],
          },
          {
            names: ["Safran en filaments"],
            qualifiers: ["", "bio", "catégorie I"],
            formats: [
              [1, "g"],
              [2, "g"],
            ],
            pricePer: [16000, 30000],
          },
        ],
      },
      {
        title: "Condiments et sauces",
        picture: "condiment",
        description:
          "Moutardes à l'ancienne, cornichons, tapenades et sauces préparées comme à la maison.",
        traits: {
          formats: [
            [200, "g"],
            [250, "g"],
            [100, "g"],
          ],
          pricePer: [12, 48],
          allergens: ["moutarde"],
          traces: ["celeri", "sesame"],
          ingredients: "Eau, graines de moutarde, vinaigre, sel, épices.",
          sentences: [
            "Un condiment de caractère, fabriqué en petites séries selon une recette éprouvée.",
            "Il accompagne aussi bien une viande froide qu'un plateau de charcuterie.",
          ],
        },
        lines: [
          {
            names: ["Moutarde de Dijon", "Moutarde à l'ancienne", "Moutarde au miel"],
            qualifiers: ["", "au vin blanc", "à l'estragon", "au cassis"],
          },
          {
            names: [
              "Tapenade noire",
              "Tapenade verte",
              "Caviar d'aubergine",
              "Pesto alla genovese",
            ],
            qualifiers: ["", "aux olives de Nyons", "bio"],
            origin: "Provence, France",
          },
          {
            names: ["Cornichons extra-fins", "Câpres au sel", "Ketchup artisanal"],
            qualifiers: ["", "à l'ancienne"],
          },
        ],
      },
      {
        title: "Apéritif",
        picture: "aperitif",
        description:
          "Olives, crackers, chips artisanales et biscuits salés pour des apéritifs réussis.",
        traits: {
          formats: [
            [125, "g"],
            [150, "g"],
            [200, "g"],
          ],
          pricePer: [14, 45],
          allergens: ["gluten"],
          traces: ["sesame", "fruits-a-coque", "lait"],
          ingredients: "Farine de blé, huile d'olive, eau, sel, romarin.",
          sentences: [
            "Croustillant et bien assaisonné, il disparaît en quelques minutes à l'apéritif.",
            "Parfait avec un verre de blanc sec ou une bière fraîche.",
          ],
        },
        lines: [
          {
            names: ["Chips artisanales", "Crackers", "Gressins piémontais", "Sablés au parmesan"],
            qualifiers: ["", "au sel de Guérande", "au piment d'Espelette", "à la truffe"],
          },
          {
            names: ["Olives Lucques", "Olives de Kalamata", "Olives noires de Nyons AOP"],
            qualifiers: ["", "marinées aux herbes", "dénoyautées"],
            origin: "Méditerranée",
          },
        ],
      },
      {
        title: "Coffrets épicerie fine",
        picture: "coffret",
        description:
          "Coffrets et paniers garnis composés par nos épiciers, à offrir ou à s'offrir.",
        traits: {
          formats: [[1, "pièce"]],
          pricePer: [35, 140],
          allergens: ["gluten", "lait", "fruits-a-coque"],
          traces: ["sesame", "oeufs"],
          nutrition: { exempt: EXEMPTIONS.assortment },
          ingredients: "Composition détaillée sur la fiche jointe au coffret.",
          assorted: true,
          sentences: [
            "Un assortiment composé par nos épiciers, présenté dans une boîte en carton recyclé.",
            "Le cadeau idéal pour les gourmands, livré prêt à offrir.",
          ],
        },
        lines: [
          {
            names: [
              "Coffret Épicerie fine de Provence",
              "Panier épicerie italienne",
              "Coffret épicerie du Sud-Ouest",
              "Coffret Épicerie des grands chefs",
              "Panier garni de l'épicerie bretonne",
            ],
            qualifiers: ["", "prestige", "découverte"],
          },
        ],
      },
    ],
  },
  {
    title: "Épicerie sucrée",
    picture: "chocolat",
    description:
      "Chocolats, confitures, miels, thés et cafés : la douceur sous toutes ses formes, de la tablette d'origine au biscuit de voyage.",
    traits: {
      durability:
        "À consommer de préférence avant la date indiquée sur l'emballage. Après ouverture, à refermer soigneusement.",
      conservation: [
        "À conserver dans un endroit sec et frais, entre 15 et 18 °C, à l'abri de la lumière.",
        "À conserver à l'abri de l'humidité. Bien refermer après ouverture.",
      ],
      origins: ["France", "Bretagne, France", "Provence, France", "Belgique", "Italie"],
      diets: ["vegetarien"],
      labels: ["ab", "commerce-equitable"],
      sentences: [
        "Une gourmandise sélectionnée par nos épiciers pour sa recette courte et sa belle matière première.",
        "Une douceur à partager au goûter ou à glisser dans un panier cadeau.",
        "Elle est fabriquée en petites séries, sans arôme artificiel.",
      ],
      nutrition: {
        lipids: [0.5, 40],
        saturated: [0.3, 0.65],
        glucids: [30, 80],
        sugars: [0.4, 0.95],
        proteins: [2, 9],
        salt: [0, 0.8],
      },
    },
    push: {
      title: "Le chocolat d'origine",
      picture: "chocolat",
      subtitle: "Du cacao à la tablette",
      text: "Équateur, Madagascar, Pérou : nos chocolatiers travaillent les fèves de plantations choisies.",
      link: "/c/epicerie-sucree/chocolats/",
      layout: "right",
    },
    children: [
      {
        title: "Chocolats",
        picture: "chocolat",
        description:
          "Tablettes d'origine, bouchées, pralinés et pâtes à tartiner de nos chocolatiers.",
        traits: {
          allergens: ["lait", "soja"],
          traces: ["fruits-a-coque", "gluten", "arachides"],
          pricePer: [60, 160],
          labels: ["commerce-equitable", "ab"],
        },
        children: [
          {
            title: "Tablettes de chocolat",
            picture: "chocolat",
            description: "Chocolat noir, au lait ou blanc, en tablettes d'origine ou garnies.",
            traits: {
              formats: [
                [100, "g"],
                [80, "g"],
              ],
              ingredients: "Pâte de cacao, sucre de canne, beurre de cacao.",
              sentences: [
                "Une tablette au craquant net, aux notes de fruits secs et d'épices douces.",
                "Les fèves sont torréfiées doucement pour préserver les arômes de leur terroir.",
              ],
            },
            lines: [
              {
                names: ["Chocolat noir 70 %", "Chocolat noir 85 %", "Chocolat noir 64 %"],
                qualifiers: ["Équateur", "Madagascar", "Pérou", "Venezuela", "bio"],
              },
              {
                names: [
                  "Chocolat au lait 40 %",
                  "Chocolat au lait caramel",
                  "Chocolat blanc vanille",
                ],
                qualifiers: ["", "fleur de sel", "noisettes entières", "bio"],
              },
              {
                names: [
                  "Chocolat noir aux amandes",
                  "Chocolat noir orange confite",
                  "Chocolat noir au gingembre",
                ],
                qualifiers: ["", "bio"],
              },
            ],
          },
          {
            title: "Bouchées et pralinés",
            picture: "bouchees-chocolat",
            description: "Ganaches, pralinés à l'ancienne, mendiants et rochers en ballotins.",
            traits: {
              vat: VAT_STANDARD,
              formats: [
                [150, "g"],
                [250, "g"],
                [375, "g"],
              ],
              pricePer: [70, 170],
              allergens: ["lait", "fruits-a-coque", "soja"],
              ingredients:
                "Chocolat noir (pâte de cacao, sucre, beurre de cacao), praliné (sucre, amandes, noisettes), crème, beurre.",
              sentences: [
                "Un ballotin de bouchées enrobées à la main, aux intérieurs fondants.",
                "Les pralinés sont broyés à la meule de pierre pour garder une texture fine et croquante.",
              ],
            },
            lines: [
              {
                names: ["Ballotin de chocolats", "Assortiment de pralinés", "Rochers praliné"],
                qualifiers: ["noir et lait", "100 % noir", "à l'ancienne"],
              },
              {
                names: ["Mendiants au chocolat noir", "Orangettes", "Truffes au cacao"],
                qualifiers: ["", "nature", "au chocolat au lait"],
              },
              {
                names: ["Pâte à tartiner noisette et cacao", "Pâte à tartiner chocolat au lait"],
                qualifiers: ["", "sans huile de palme"],
                formats: [
                  [200, "g"],
                  [350, "g"],
                ],
                pricePer: [18, 40],
              },
            ],
          },
        ],
      },
      {
        title: "Biscuits et gâteaux secs",
        picture: "biscuits",
        description:
          "Galettes pur beurre, sablés, palets, cookies et croquants de nos biscuiteries.",
        traits: {
          formats: [
            [125, "g"],
            [200, "g"],
            [250, "g"],
          ],
          pricePer: [16, 48],
          allergens: ["gluten", "lait", "oeufs"],
          traces: ["fruits-a-coque", "soja"],
          ingredients:
            "Farine de blé, beurre frais (25 %), sucre, œufs, sel de Guérande, poudre à lever.",
          sentences: [
            "Des biscuits dorés au four, croustillants et fondants à la fois.",
            "La pâte repose une nuit avant d'être découpée et cuite, comme autrefois.",
          ],
        },
        lines: [
          {
            names: ["Galettes pur beurre", "Palets bretons", "Sablés nantais", "Crêpes dentelle"],
            qualifiers: ["", "au sel de Guérande", "au chocolat"],
            origin: "Bretagne, France",
          },
          {
            names: ["Cookies", "Croquants aux amandes", "Navettes", "Biscuits de Reims"],
            qualifiers: ["", "au chocolat noir", "à la fleur d'oranger", "bio"],
          },
        ],
      },
      {
        title: "Confitures, miels et pâtes à tartiner",
        picture: "confiture",
        description: "Confitures cuites au chaudron, miels de crus et crèmes de marrons.",
        traits: {
          formats: [
            [250, "g"],
            [370, "g"],
            [500, "g"],
          ],
          pricePer: [14, 70],
          diets: ["vegetarien", "sans-gluten", "sans-lactose"],
          nutrition: {
            lipids: [0, 1],
            saturated: [0, 0.2],
            glucids: [45, 82],
            sugars: [0.9, 1],
            proteins: [0, 1],
            salt: [0, 0.05],
          },
          ingredients: "Fruits (60 %), sucre de canne, jus de citron, pectine de fruits.",
          sentences: [
            "Cuite en petite quantité dans un chaudron de cuivre, elle garde des morceaux de fruits bien présents.",
            "Récolté et mis en pot par l'apiculteur, ce miel offre une texture onctueuse.",
          ],
        },
        lines: [
          {
            names: [
              "Confiture de fraises",
              "Confiture d'abricots",
              "Confiture de figues",
              "Confiture de cerises noires",
              "Marmelade d'oranges amères",
            ],
            qualifiers: ["", "extra", "à l'ancienne", "bio"],
          },
          {
            names: ["Miel de lavande", "Miel d'acacia", "Miel de châtaignier", "Miel de montagne"],
            qualifiers: ["", "crémeux", "de Provence", "récolte d'été"],
          },
          {
            names: ["Crème de marrons", "Caramel au beurre salé", "Pâte de spéculoos"],
            qualifiers: ["", "à la vanille"],
          },
        ],
      },
      {
        title: "Thés et infusions",
        picture: "the",
        description: "Grands crus de thé noir, thés verts, oolongs et infusions de plantes.",
        traits: {
          formats: [
            [100, "g"],
            [50, "g"],
          ],
          pricePer: [80, 320],
          diets: ["vegetarien", "vegan", "sans-gluten", "sans-lactose", "sans-sucres-ajoutes"],
          nutrition: { exempt: EXEMPTIONS.infusion },
          ingredients: "100 % {name}.",
          origins: ["Chine", "Inde", "Japon", "Sri Lanka", "Taïwan"],
          conservation: [
            "À conserver dans une boîte hermétique, à l'abri de l'humidité et des odeurs.",
          ],
          sentences: [
            "Des feuilles entières, roulées à la main, qui infusent en une liqueur ambrée.",
            "À infuser trois à quatre minutes dans une eau frémissante.",
          ],
        },
        lines: [
          {
            names: [
              "Thé noir Darjeeling",
              "Thé noir Assam",
              "Thé noir fumé Lapsang Souchong",
              "Thé noir Earl Grey",
            ],
            qualifiers: ["", "premier flush", "bio", "grand cru"],
            origin: "Inde",
          },
          {
            names: [
              "Thé vert Sencha",
              "Thé vert à la menthe",
              "Oolong Tie Guan Yin",
              "Thé blanc Bai Mu Dan",
            ],
            qualifiers: ["", "bio", "grand cru"],
          },
          {
            names: ["Infusion verveine", "Infusion tilleul", "Rooibos vanille"],
            qualifiers: ["", "bio"],
          },
        ],
      },
      {
        title: "Cafés",
        picture: "cafe",
        description: "Cafés de spécialité torréfiés à Paris, en grains ou moulus.",
        traits: {
          formats: [
            [250, "g"],
            [500, "g"],
            [1, "kg"],
          ],
          pricePer: [24, 90],
          diets: ["vegetarien", "vegan", "sans-gluten", "sans-lactose", "sans-sucres-ajoutes"],
          nutrition: { exempt: EXEMPTIONS.infusion },
          origins: ["Éthiopie", "Colombie", "Brésil", "Guatemala", "Kenya"],
          ingredients: "100 % café arabica.",
          conservation: ["À conserver dans un endroit frais et sec, dans son sachet refermé."],
          sentences: [
            "Torréfié chaque semaine, ce café révèle des notes de fruits rouges et de cacao.",
            "Un café de spécialité tracé jusqu'à la ferme, à moudre juste avant l'extraction.",
          ],
        },
        lines: [
          {
            names: [
              "Café Éthiopie Yirgacheffe",
              "Café Colombie Huila",
              "Café Brésil Cerrado",
              "Café Kenya AA",
            ],
            qualifiers: ["en grains", "moulu", "torréfaction douce"],
          },
          {
            names: ["Café mélange Maison", "Café Espresso Noir Intense", "Café décaféiné"],
            qualifiers: ["en grains", "moulu"],
          },
        ],
      },
      {
        title: "Confiseries",
        picture: "confiserie",
        description: "Calissons, nougats, caramels, pâtes de fruits et bonbons de nos régions.",
        traits: {
          vat: VAT_STANDARD,
          formats: [
            [150, "g"],
            [200, "g"],
            [250, "g"],
          ],
          pricePer: [30, 95],
          allergens: ["fruits-a-coque"],
          traces: ["lait", "oeufs", "arachides"],
          ingredients: "Sucre, sirop de glucose, arômes naturels.",
          sentences: [
            "Une confiserie de tradition, préparée selon une recette transmise de génération en génération.",
            "Fondante et parfumée, elle se déguste avec le café.",
          ],
        },
        lines: [
          {
            names: [
              "Calissons d'Aix",
              "Nougat blanc de Montélimar",
              "Nougat noir au miel",
              "Caramels au beurre salé",
            ],
            qualifiers: ["", "tendre", "en coffret"],
          },
          {
            names: ["Pâtes de fruits", "Marrons glacés", "Guimauves", "Berlingots"],
            qualifiers: ["", "assortiment", "à l'ancienne"],
          },
        ],
      },
      {
        title: "Calendriers de l'Avent",
        picture: "bouchees-chocolat",
        description: "Nos calendriers de l'Avent reviendront avec les premiers frimas.",
        weight: 0,
        archived:
          "Les calendriers de l'Avent ne sont plus disponibles cette saison. Découvrez nos chocolats et nos confiseries pour patienter jusqu'à Noël.",
      },
    ],
  },
  {
    title: "Cave",
    picture: "vin-rouge",
    description:
      "Vins de vignerons, champagnes de récoltants, spiritueux, bières et cidres artisanaux, choisis par nos cavistes.",
    traits: {
      vat: VAT_STANDARD,
      durability:
        "Pas de date de durabilité minimale pour les vins et spiritueux. Une bouteille entamée se garde quelques jours, rebouchée, au frais.",
      nutrition: { exempt: EXEMPTIONS.alcohol },
      allergens: ["sulfites"],
      diets: ["vegetarien", "vegan", "sans-gluten", "sans-lactose"],
      labels: ["ab", "hve"],
      formats: [[75, "cl"]],
      conservation: [
        "À conserver couchée, à l'abri de la lumière, dans un endroit frais (12 à 14 °C).",
        "À conserver debout, à l'abri de la lumière et de la chaleur.",
      ],
      sentences: [
        "Une cuvée choisie par nos cavistes après dégustation chez le vigneron.",
        "Le domaine travaille en agriculture raisonnée et vendange à la main.",
        "À déboucher une heure avant le service.",
      ],
      serving: [
        "Servir entre 16 et 18 °C.",
        "Servir frais, entre 8 et 10 °C.",
        "À déguster avec modération.",
      ],
    },
    push: {
      title: "Les vins de la saison",
      picture: "vin-rouge",
      subtitle: "Sélection de nos cavistes",
      text: "Des vignerons indépendants, des cuvées à moins de 20 € et quelques grandes bouteilles.",
      link: "/c/cave/vins/",
      layout: "left",
    },
    children: [
      {
        title: "Vins",
        picture: "vin-rouge",
        description:
          "Rouges, blancs et rosés de vignerons, des grandes appellations aux vins de soif.",
        traits: {
          formats: [
            [75, "cl"],
            [150, "cl"],
            [37.5, "cl"],
          ],
          pricePer: [10, 40],
          alcohol: [11.5, 14.5],
          ingredients: "Raisins, antioxydant : sulfites.",
        },
        children: [
          {
            title: "Vins rouges",
            picture: "vin-rouge",
            description:
              "Bordeaux, bourgognes, vins du Rhône et de Loire, de garde ou à boire jeunes.",
            lines: [
              {
                names: [
                  "Saint-Émilion Grand Cru AOC",
                  "Pauillac AOC",
                  "Margaux AOC",
                  "Pessac-Léognan AOC",
                ],
                qualifiers: ["2015", "2016", "2018", "2019", "2020"],
                origin: "Bordeaux, France",
                pricePer: [30, 120],
              },
              {
                names: [
                  "Gevrey-Chambertin AOC",
                  "Pommard AOC",
                  "Bourgogne Pinot noir AOC",
                  "Mercurey AOC",
                ],
                qualifiers: ["2018", "2019", "2020", "2021", "Vieilles vignes"],
                origin: "Bourgogne, France",
                pricePer: [22, 110],
              },
              {
                names: [
                  "Châteauneuf-du-Pape AOC",
                  "Crozes-Hermitage AOC",
                  "Côtes-du-Rhône AOC",
                  "Gigondas AOC",
                ],
                qualifiers: ["2019", "2020", "2021", "2022", "cuvée Tradition"],
                origin: "Vallée du Rhône, France",
                pricePer: [12, 70],
              },
              {
                names: ["Chinon AOC", "Saumur-Champigny AOC", "Morgon AOC", "Cahors AOC"],
                qualifiers: ["2021", "2022", "2023", "Vieilles vignes"],
                pricePer: [11, 35],
              },
            ],
          },
          {
            title: "Vins blancs",
            picture: "vin-blanc",
            description: "Chablis, sancerres, alsaces et blancs du Sud, secs ou moelleux.",
            traits: {
              serving: ["Servir frais, entre 10 et 12 °C.", "À déguster avec modération."],
            },
            lines: [
              {
                names: [
                  "Chablis AOC",
                  "Chablis Premier Cru AOC",
                  "Meursault AOC",
                  "Pouilly-Fuissé AOC",
                ],
                qualifiers: ["2020", "2021", "2022", "Vieilles vignes"],
                origin: "Bourgogne, France",
                pricePer: [22, 100],
              },
              {
                names: [
                  "Sancerre AOC",
                  "Pouilly-Fumé AOC",
                  "Vouvray AOC",
                  "Muscadet Sèvre-et-Maine AOC",
                ],
                qualifiers: ["2021", "2022", "2023", "sur lie"],
                origin: "Val de Loire, France",
                pricePer: [11, 40],
              },
              {
                names: [
                  "Riesling Alsace AOC",
                  "Gewurztraminer Alsace AOC",
                  "Jurançon AOC",
                  "Sauternes AOC",
                ],
                qualifiers: ["2019", "2020", "2021", "Grand Cru", "moelleux"],
                pricePer: [14, 60],
              },
            ],
          },
          {
            title: "Vins rosés",
            picture: "vin-rose",
            description: "Rosés de Provence, de Tavel et du Languedoc, à servir bien frais.",
            traits: {
              serving: ["Servir bien frais, entre 8 et 10 °C.", "À déguster avec modération."],
              formats: [
                [75, "cl"],
                [150, "cl"],
              ],
            },
            lines: [
              {
                names: [
                  "Côtes-de-Provence AOC",
                  "Bandol AOC",
                  "Tavel AOC",
                  "Coteaux d'Aix-en-Provence AOC",
                ],
                qualifiers: ["2022", "2023", "cuvée Prestige", "rosé de saignée"],
                origin: "Provence, France",
              },
              {
                names: ["Rosé du Languedoc IGP", "Bordeaux clairet AOC"],
                qualifiers: ["2023", "bio"],
              },
            ],
          },
        ],
      },
      {
        title: "Champagnes et effervescents",
        picture: "effervescent",
        description: "Champagnes de récoltants, crémants et pétillants naturels.",
        traits: {
          pricePer: [30, 110],
          alcohol: [11, 12.5],
          formats: [
            [75, "cl"],
            [150, "cl"],
          ],
          ingredients: "Raisins, liqueur de tirage, liqueur d'expédition, antioxydant : sulfites.",
          serving: ["Servir frais, entre 7 et 9 °C.", "À déguster avec modération."],
          origins: ["Champagne, France"],
        },
        lines: [
          {
            names: [
              "Champagne brut",
              "Champagne blanc de blancs",
              "Champagne rosé",
              "Champagne extra brut",
            ],
            qualifiers: ["", "Premier Cru", "Grand Cru", "millésimé 2015", "réserve"],
            origin: "Champagne, France",
          },
          {
            names: ["Crémant de Bourgogne AOC", "Crémant d'Alsace AOC", "Crémant de Loire AOC"],
            qualifiers: ["brut", "rosé", "blanc de noirs"],
            pricePer: [14, 30],
          },
        ],
      },
      {
        title: "Spiritueux",
        picture: "spiritueux",
        description: "Whiskies, rhums, cognacs et armagnacs de distilleries indépendantes.",
        traits: {
          formats: [
            [70, "cl"],
            [50, "cl"],
          ],
          pricePer: [40, 220],
          alcohol: [40, 48],
          allergens: [],
          serving: ["À déguster pur ou avec une goutte d'eau.", "À déguster avec modération."],
          conservation: ["À conserver debout, à l'abri de la lumière."],
        },
        children: [
          {
            title: "Whiskies",
            picture: "spiritueux",
            description: "Single malts d'Écosse, whiskies français et blends de caractère.",
            traits: { ingredients: "Orge maltée, eau, levure." },
            lines: [
              {
                names: ["Whisky single malt", "Whisky tourbé", "Whisky blended malt"],
                qualifiers: ["10 ans", "12 ans", "18 ans", "fût de sherry", "édition limitée"],
                origin: "Écosse",
              },
              {
                names: ["Whisky breton", "Whisky alsacien", "Whisky de seigle"],
                qualifiers: ["", "fût de cognac", "brut de fût"],
                origin: "France",
              },
            ],
          },
          {
            title: "Rhums",
            picture: "spiritueux",
            description: "Rhums agricoles des Antilles, rhums vieux et arrangés.",
            traits: { ingredients: "Pur jus de canne à sucre." },
            lines: [
              {
                names: ["Rhum agricole blanc AOC Martinique", "Rhum blanc de Marie-Galante"],
                qualifiers: ["", "50 %", "55 %"],
                origin: "Antilles, France",
                pricePer: [30, 60],
              },
              {
                names: ["Rhum vieux agricole", "Rhum ambré"],
                qualifiers: ["VSOP", "XO", "hors d'âge", "8 ans"],
                origin: "Martinique, France",
              },
              {
                names: ["Rhum arrangé vanille", "Rhum arrangé ananas", "Rhum arrangé gingembre"],
                qualifiers: ["", "citron vert"],
                origin: "La Réunion, France",
              },
            ],
          },
          {
            title: "Cognacs et armagnacs",
            picture: "spiritueux",
            description: "Eaux-de-vie de vin de Cognac et de Gascogne, vieillies en fût de chêne.",
            traits: { ingredients: "Eau-de-vie de vin vieillie en fût de chêne." },
            lines: [
              {
                names: ["Cognac AOC", "Cognac Fine Champagne AOC", "Bas-Armagnac AOC"],
                qualifiers: ["VS", "VSOP", "XO", "hors d'âge", "millésime 1990"],
              },
              {
                names: [
                  "Calvados Pays d'Auge AOC",
                  "Eau-de-vie de poire Williams",
                  "Marc de Bourgogne AOC",
                ],
                qualifiers: ["", "6 ans", "hors d'âge"],
              },
            ],
          },
        ],
      },
      {
        title: "Bières et cidres",
        picture: "biere",
        description: "Bières de brasseries artisanales, cidres et poirés fermiers.",
        traits: {
          durability: "À consommer de préférence avant la date indiquée sur la bouteille.",
          formats: [
            [33, "cl"],
            [75, "cl"],
          ],
          pricePer: [5, 14],
          alcohol: [4.5, 9],
          allergens: ["gluten"],
          diets: ["vegetarien", "vegan", "sans-lactose"],
          ingredients: "Eau, malt d'orge, houblon, levure.",
          serving: ["Servir frais, entre 6 et 8 °C.", "À déguster avec modération."],
        },
        lines: [
          {
            names: [
              "Bière blonde",
              "Bière ambrée",
              "Bière blanche",
              "Bière IPA",
              "Bière noire stout",
            ],
            qualifiers: ["", "bio", "de garde", "triple"],
            origin: "France",
          },
          {
            names: [
              "Cidre brut de Normandie",
              "Cidre doux",
              "Poiré Domfront AOP",
              "Cidre Cornouaille AOP",
            ],
            qualifiers: ["", "fermier", "bio"],
            origin: "Normandie, France",
            allergens: ["sulfites"],
          },
        ],
      },
      {
        title: "Apéritifs et liqueurs",
        picture: "spiritueux",
        description: "Pastis, vermouths, crèmes de fruits et liqueurs de plantes.",
        traits: {
          formats: [
            [50, "cl"],
            [70, "cl"],
          ],
          pricePer: [24, 80],
          alcohol: [15, 45],
          allergens: [],
          ingredients: "Alcool, sucre, macération de fruits et de plantes.",
          serving: ["À servir frais ou sur glace.", "À déguster avec modération."],
        },
        lines: [
          {
            names: ["Pastis artisanal", "Vermouth rouge", "Vermouth blanc", "Gentiane"],
            qualifiers: ["", "de Provence", "bio"],
          },
          {
            names: [
              "Crème de cassis de Dijon",
              "Liqueur de poire",
              "Chartreuse verte",
              "Liqueur de noix",
            ],
            qualifiers: ["", "20 %", "tradition"],
          },
        ],
      },
    ],
  },
  {
    title: "Fromagerie",
    picture: "plateau-fromages",
    description:
      "{count} fromages affinés dans nos caves : pâtes molles, pâtes pressées, chèvres et bleus, au lait cru ou pasteurisé.",
    countOf: ["pates-molles", "pates-pressees", "fromages-de-chevre", "bleus-et-persilles"],
    traits: {
      durability:
        // The advice to take the cheese out of the fridge is the conservation text's, not said twice.
        "À consommer jusqu'à la date indiquée sur l'étiquette.",
      allergens: ["lait"],
      diets: ["vegetarien", "sans-gluten"],
      labels: ["aop", "ab"],
      formats: [
        [200, "g"],
        [250, "g"],
        [500, "g"],
      ],
      pricePer: [22, 58],
      origins: [
        "France",
        "Normandie, France",
        "Savoie, France",
        "Auvergne, France",
        "Jura, France",
      ],
      ingredients: "Lait cru de vache, sel, ferments lactiques, présure.",
      conservation: [
        "À conserver entre 4 et 8 °C dans son papier d'origine. Sortir le fromage du réfrigérateur une heure avant dégustation.",
      ],
      nutrition: {
        lipids: [20, 34],
        saturated: [0.6, 0.7],
        glucids: [0, 2],
        sugars: [0.5, 1],
        proteins: [15, 26],
        salt: [1, 2.6],
      },
      sentences: [
        "Un fromage affiné dans nos caves jusqu'à sa pleine maturité, à la pâte souple et parfumée.",
        "Nos fromagers le suivent de la ferme à l'étal et le coupent à la commande.",
        "Un fromage de terroir au goût franc, qui fait honneur au plateau.",
      ],
      serving: [
        "Accord conseillé : un vin blanc sec du même terroir.",
        "Délicieux avec un pain de campagne au levain.",
      ],
    },
    push: {
      title: "Le plateau du fromager",
      picture: "plateau-fromages",
      subtitle: "Cinq fromages, cinq terroirs",
      text: "Composé chaque semaine par nos fromagers selon les affinages du moment.",
      link: "/c/fromagerie/pates-molles/",
      layout: "right",
    },
    children: [
      {
        title: "Pâtes molles",
        picture: "fromage-croute-fleurie",
        description: "Camemberts, bries, munsters et époisses à la croûte fleurie ou lavée.",
        traits: {
          formats: [
            [250, "g"],
            [500, "g"],
          ],
        },
        lines: [
          {
            names: [
              "Camembert de Normandie AOP au lait cru",
              "Camembert fermier",
              "Camembert au calvados",
            ],
            qualifiers: ["", "moulé à la louche", "affiné 4 semaines"],
            origin: "Normandie, France",
          },
          {
            names: ["Brie de Meaux AOP", "Brie de Melun AOP", "Coulommiers"],
            qualifiers: ["", "fermier", "à la truffe"],
            origin: "Île-de-France, France",
          },
          {
            names: [
              "Pont-l'Évêque AOP",
              "Livarot AOP",
              "Munster AOP",
              "Époisses AOP",
              "Mont d'Or AOP",
            ],
            qualifiers: AGED,
            picture: "fromage-croute-lavee",
          },
        ],
      },
      {
        title: "Pâtes pressées",
        picture: "fromage-pate-pressee",
        description:
          "Comtés, beauforts, tommes et mimolettes, affinés de quelques mois à plusieurs années.",
        traits: {
          // The wheels a fromager cuts at the counter: sold by weight.
          soldByWeight: true,
          pricePer: [24, 62],
          nutrition: {
            lipids: [27, 34],
            saturated: [0.6, 0.7],
            glucids: [0, 1],
            sugars: [0.5, 1],
            proteins: [24, 32],
            salt: [0.8, 2],
          },
        },
        lines: [
          {
            names: ["Comté AOP", "Beaufort AOP", "Abondance AOP"],
            qualifiers: ["12 mois", "18 mois", "24 mois", "30 mois", "d'alpage", "fruité"],
            origin: "Jura, France",
          },
          {
            names: [
              "Tomme de Savoie IGP",
              "Tomme des Pyrénées IGP",
              "Ossau-Iraty AOP",
              "Cantal AOP",
              "Salers AOP",
            ],
            qualifiers: ["", "au lait cru", "de caractère", "affinage 6 mois"],
          },
          {
            names: [
              "Mimolette extra-vieille",
              "Gouda au cumin",
              "Parmigiano Reggiano AOP",
              "Fromage de brebis basque",
            ],
            qualifiers: ["", "24 mois", "affinage long"],
          },
        ],
      },
      {
        title: "Fromages de chèvre",
        picture: "fromage-chevre",
        description: "Crottins, bûches et pyramides de chèvre, frais, demi-secs ou affinés.",
        traits: {
          formats: [
            [60, "g"],
            [150, "g"],
            [250, "g"],
          ],
          pricePer: [28, 60],
          ingredients: "Lait cru de chèvre, sel, ferments lactiques, présure.",
          origins: ["Val de Loire, France", "Poitou, France", "Provence, France"],
        },
        lines: [
          {
            names: [
              "Crottin de Chavignol AOP",
              "Sainte-Maure de Touraine AOP",
              "Valençay AOP",
              "Pouligny-Saint-Pierre AOP",
            ],
            qualifiers: ["", "frais", "demi-sec", "affiné"],
          },
          {
            names: [
              "Fromage de chèvre frais",
              "Bûche de chèvre cendrée",
              "Banon AOP",
              "Picodon AOP",
            ],
            qualifiers: ["", "aux herbes", "fermier"],
          },
        ],
      },
      {
        title: "Bleus et persillés",
        picture: "fromage-bleu",
        description: "Roquefort, fourmes et bleus d'Auvergne au persillage généreux.",
        traits: {
          allergens: ["lait"],
          ingredients:
            "Lait cru de brebis, sel, ferments lactiques, présure, Penicillium roqueforti.",
        },
        lines: [
          {
            names: [
              "Roquefort AOP",
              "Bleu d'Auvergne AOP",
              "Fourme d'Ambert AOP",
              "Bleu de Gex AOP",
            ],
            qualifiers: ["", "affiné 3 mois", "fermier", "de caractère"],
            origin: "Auvergne, France",
          },
          {
            names: ["Gorgonzola AOP", "Stilton", "Bleu des Causses AOP"],
            qualifiers: ["", "dolce", "piccante"],
          },
        ],
      },
      {
        title: "Crèmerie",
        picture: "beurre",
        description: "Beurres de baratte, crèmes crues, yaourts fermiers et œufs de plein air.",
        traits: {
          diets: ["vegetarien", "sans-gluten"],
          labels: ["aop", "ab", "bleu-blanc-coeur"],
          ingredients: "Crème de lait de vache pasteurisée, ferments lactiques.",
          conservation: ["À conserver entre 0 et 6 °C."],
          sentences: [
            "Baratté à l'ancienne dans une petite laiterie, il a le goût de la crème fraîche.",
            "Un produit de crèmerie fermier, collecté chaque matin.",
          ],
        },
        lines: [
          {
            names: [
              "Beurre de baratte demi-sel",
              "Beurre doux AOP Charentes-Poitou",
              "Beurre aux cristaux de sel",
            ],
            qualifiers: ["", "cru", "fermier"],
            origin: "Bretagne, France",
            formats: [
              [250, "g"],
              [125, "g"],
            ],
            pricePer: [14, 40],
          },
          {
            names: ["Crème crue fermière", "Crème d'Isigny AOP"],
            qualifiers: ["", "bio", "épaisse"],
            origin: "Normandie, France",
            formats: [
              [20, "cl"],
              [50, "cl"],
            ],
            pricePer: [8, 18],
          },
          {
            names: ["Fromage blanc fermier", "Faisselle fermière"],
            qualifiers: ["", "bio", "au lait entier"],
            formats: [[500, "g"]],
            pricePer: [5, 11],
          },
          {
            names: ["Yaourts au lait entier", "Yaourts au lait de brebis"],
            qualifiers: ["", "nature", "à la vanille", "bio"],
            formats: [[4, "pièce"]],
            pricePer: [0.6, 1.4],
          },
        ],
      },
    ],
  },
  {
    title: "Boucherie-Charcuterie",
    picture: "viande-rouge",
    description:
      "Viandes de races à viande choisies en élevage, volailles fermières, charcuterie de maison et foie gras.",
    traits: {
      durability:
        "À consommer jusqu'à la date indiquée sur l'étiquette. Après ouverture, sous 48 heures.",
      diets: ["sans-gluten", "sans-lactose"],
      labels: ["label-rouge", "ab", "bleu-blanc-coeur", "igp"],
      formats: [
        [300, "g"],
        [500, "g"],
        [1, "kg"],
      ],
      pricePer: [22, 80],
      origins: ["France", "Limousin, France", "Aubrac, France", "Normandie, France"],
      conservation: ["À conserver entre 0 et 4 °C. À consommer dans les 3 jours."],
      nutrition: {
        lipids: [3, 22],
        saturated: [0.35, 0.45],
        glucids: [0, 1],
        sugars: [0, 1],
        proteins: [18, 24],
        salt: [0.1, 0.3],
      },
      ingredients: "100 % viande de bœuf.",
      sentences: [
        "Une viande issue d'un élevage que nos bouchers connaissent, maturée sur os.",
        "Préparée et parée à la commande par nos bouchers.",
        "Un morceau tendre et persillé, à saisir à feu vif.",
      ],
    },
    push: {
      title: "Le bœuf maturé",
      picture: "viande-rouge",
      subtitle: "Trois semaines en cave",
      text: "Côtes et entrecôtes de races à viande, maturées sur os par nos bouchers.",
      link: "/c/boucherie-charcuterie/boeuf/",
      layout: "left",
    },
    children: [
      {
        title: "Bœuf",
        picture: "viande-rouge",
        description:
          "Côtes, entrecôtes, filets et pièces à mijoter de races Aubrac, Salers et Limousine.",
        traits: { pricePer: [18, 95] },
        lines: [
          {
            names: ["Côte de bœuf", "Entrecôte", "Filet de bœuf", "Faux-filet", "Onglet"],
            qualifiers: ["Aubrac", "Limousine", "Salers", "maturation 21 jours", "Black Angus"],
          },
          {
            names: ["Paleron", "Joue de bœuf", "Plat de côtes", "Bourguignon"],
            qualifiers: ["", "Label Rouge", "à mijoter"],
            pricePer: [14, 30],
          },
          {
            names: ["Bœuf haché"],
            qualifiers: ["", "Aubrac", "5 % de matières grasses"],
            pricePer: [16, 28],
          },
        ],
      },
      {
        title: "Veau et agneau",
        picture: "viande-rouge",
        description: "Veau de lait élevé sous la mère, agneau de Sisteron et du Quercy.",
        traits: { pricePer: [24, 70], ingredients: "100 % viande de veau." },
        lines: [
          {
            names: ["Côte de veau", "Escalope de veau", "Blanquette de veau", "Osso buco"],
            qualifiers: ["", "élevé sous la mère", "Label Rouge"],
          },
          {
            names: ["Gigot d'agneau", "Carré d'agneau", "Épaule d'agneau", "Souris d'agneau"],
            qualifiers: ["de Sisteron IGP", "du Quercy IGP", "de lait des Pyrénées"],
          },
        ],
      },
      {
        title: "Volailles",
        picture: "volaille",
        description: "Poulets fermiers, volailles de Bresse, canards et pintades.",
        traits: {
          formats: [
            [1.5, "kg"],
            [2, "kg"],
            [500, "g"],
          ],
          pricePer: [10, 40],
          diets: ["sans-gluten", "sans-lactose"],
          ingredients: "100 % {name}.",
        },
        lines: [
          {
            names: ["Poulet fermier", "Pintade fermière", "Poularde"],
            qualifiers: ["Label Rouge", "des Landes", "bio", "Label Rouge des Landes"],
          },
          { names: ["Volaille de Bresse AOP"], qualifiers: ["", "entière", "découpée"] },
          {
            names: [
              "Magret de canard",
              "Cuisses de canard",
              "Suprêmes de volaille",
              "Filets de poulet",
            ],
            qualifiers: ["", "du Sud-Ouest IGP", "Label Rouge"],
          },
        ],
      },
      {
        title: "Charcuterie",
        picture: "saucisson",
        description: "Jambons affinés, saucissons secs, pâtés et terrines de maison.",
        traits: {
          diets: ["sans-gluten", "sans-lactose"],
          traces: ["lait", "moutarde"],
          conservation: ["À conserver au frais, entre 0 et 4 °C, après ouverture."],
          nutrition: {
            lipids: [10, 38],
            saturated: [0.35, 0.42],
            glucids: [0, 3],
            sugars: [0.3, 1],
            proteins: [14, 32],
            salt: [1.8, 5],
          },
          ingredients:
            "Viande de porc, sel, poivre, sucres, épices, conservateur : nitrite de sodium.",
        },
        children: [
          {
            title: "Jambons",
            picture: "jambon",
            description: "Jambons de Bayonne, de Parme, ibériques et jambons blancs à l'os.",
            traits: {
              formats: [
                [100, "g"],
                [150, "g"],
                [200, "g"],
              ],
              pricePer: [30, 160],
            },
            lines: [
              {
                names: [
                  "Jambon de Bayonne IGP",
                  "Jambon de Parme AOP",
                  "Jambon ibérique de bellota",
                  "Jambon noir de Bigorre AOP",
                ],
                qualifiers: ["", "affiné 18 mois", "affiné 24 mois", "en tranches fines"],
              },
              {
                names: [
                  "Jambon blanc à l'os",
                  "Jambon blanc aux herbes",
                  "Jambon persillé de Bourgogne",
                ],
                qualifiers: ["", "supérieur", "Label Rouge"],
              },
            ],
          },
          {
            title: "Saucissons et salaisons",
            picture: "saucisson",
            description: "Saucissons secs, rosettes, chorizos et coppas séchés lentement.",
            traits: {
              formats: [
                [200, "g"],
                [250, "g"],
                [350, "g"],
              ],
              pricePer: [24, 60],
            },
            lines: [
              {
                names: ["Saucisson sec", "Rosette de Lyon", "Saucisse sèche d'Auvergne", "Chorizo"],
                qualifiers: ["", "pur porc", "aux noisettes", "au poivre noir", "fermier"],
              },
              {
                names: ["Coppa", "Lonzo corse", "Pancetta roulée", "Figatellu"],
                qualifiers: ["", "au poivre", "en tranches"],
                origin: "Corse, France",
              },
            ],
          },
          {
            title: "Pâtés et terrines",
            picture: "terrine",
            description: "Pâtés en croûte, terrines de campagne et rillettes du Mans.",
            traits: {
              formats: [
                [180, "g"],
                [250, "g"],
              ],
              pricePer: [20, 55],
              allergens: ["gluten", "oeufs"],
            },
            lines: [
              {
                names: [
                  "Pâté en croûte",
                  "Terrine de campagne",
                  "Terrine de canard",
                  "Rillettes du Mans",
                ],
                qualifiers: ["", "au poivre vert", "aux figues", "à l'ancienne", "pur porc"],
              },
              {
                names: ["Pâté de foie de volaille", "Terrine de gibier", "Fromage de tête"],
                qualifiers: ["", "au cognac", "maison"],
              },
            ],
          },
        ],
      },
      {
        title: "Foie gras",
        picture: "terrine",
        description: "Foies gras de canard et d'oie, entiers ou mi-cuits, du Sud-Ouest.",
        traits: {
          formats: [
            [180, "g"],
            [300, "g"],
            [500, "g"],
          ],
          pricePer: [90, 230],
          origins: ["Sud-Ouest, France", "Périgord, France", "Landes, France"],
          labels: ["igp", "label-rouge"],
          nutrition: {
            lipids: [45, 58],
            saturated: [0.38, 0.42],
            glucids: [1, 3],
            sugars: [0.5, 1],
            proteins: [6, 9],
            salt: [1, 1.5],
          },
          ingredients: "Foie gras de canard, sel, poivre, sucre, porto.",
          conservation: ["À conserver entre 0 et 4 °C. Sortir 10 minutes avant dégustation."],
          sentences: [
            "Un foie gras déveiné à la main, assaisonné simplement et cuit doucement au torchon.",
            "Un classique des fêtes, à servir avec un pain de campagne grillé.",
          ],
        },
        lines: [
          {
            names: [
              "Foie gras de canard entier",
              "Foie gras de canard mi-cuit",
              "Foie gras d'oie entier",
            ],
            qualifiers: ["du Sud-Ouest IGP", "au torchon", "au poivre", "au piment d'Espelette"],
          },
          {
            names: ["Bloc de foie gras de canard", "Médaillon de foie gras"],
            qualifiers: ["", "aux figues", "truffé"],
          },
        ],
      },
    ],
  },
  {
    title: "Fruits et légumes",
    picture: "panier",
    description:
      "Fruits et légumes de saison, en direct de maraîchers et d'arboriculteurs, livrés chaque matin.",
    traits: {
      durability: "Produit frais, sans date de consommation : à consommer selon sa maturité.",
      diets: [
        "vegetarien",
        "vegan",
        "sans-gluten",
        "sans-lactose",
        "halal",
        "casher",
        "sans-sucres-ajoutes",
      ],
      labels: ["ab", "hve", "label-rouge"],
      formats: [
        [500, "g"],
        [1, "kg"],
      ],
      pricePer: [3, 15],
      origins: [
        "France",
        "Provence, France",
        "Val de Loire, France",
        "Bretagne, France",
        "Espagne",
        "Italie",
      ],
      conservation: [
        "À conserver dans le bac à légumes du réfrigérateur.",
        "À conserver à température ambiante, à l'abri du soleil.",
      ],
      nutrition: {
        lipids: [0, 0.6],
        saturated: [0, 0.2],
        glucids: [2, 20],
        sugars: [0.5, 0.95],
        proteins: [0.3, 3],
        salt: [0, 0.05],
      },
      ingredients: "100 % {name}.",
      sentences: [
        "Récolté à maturité chez un producteur de notre réseau, il arrive sur notre étal en moins de 48 heures.",
        "Cultivé en pleine terre, au rythme des saisons.",
        "Un produit frais de saison, choisi chaque matin par nos primeurs.",
      ],
    },
    push: {
      title: "Le marché du jour",
      picture: "panier",
      subtitle: "Arrivages de nos producteurs",
      text: "Chaque matin, les fruits et légumes de saison cueillis la veille.",
      link: "/c/fruits-et-legumes/fruits/",
      layout: "right",
    },
    children: [
      {
        title: "Fruits",
        picture: "fruits",
        description: "Fruits de saison, agrumes et fruits exotiques mûris sur l'arbre.",
        children: [
          {
            title: "Fruits de saison",
            picture: "fruits",
            description: "Pommes, poires, fraises, abricots et cerises au fil des saisons.",
            lines: [
              {
                names: ["Pommes Reinette", "Pommes Pink Lady", "Poires Williams", "Poires Comice"],
                qualifiers: ["", "du Limousin AOP", "bio", "de Savoie IGP"],
              },
              {
                names: [
                  "Fraises gariguettes",
                  "Abricots Bergeron",
                  "Cerises burlat",
                  "Pêches de vigne",
                  "Raisin muscat",
                ],
                qualifiers: ["", "de Provence", "bio", "du Ventoux AOP"],
              },
            ],
          },
          {
            title: "Agrumes",
            picture: "agrumes",
            description: "Oranges, clémentines de Corse, citrons de Menton et pamplemousses.",
            traits: { origins: ["Corse, France", "Espagne", "Italie"] },
            lines: [
              {
                names: [
                  "Clémentines de Corse IGP",
                  "Citrons de Menton IGP",
                  "Oranges sanguines",
                  "Pomelos",
                ],
                qualifiers: ["", "bio", "sans traitement après récolte"],
              },
              {
                names: ["Citrons verts", "Oranges à jus", "Mandarines", "Yuzu"],
                qualifiers: ["", "bio"],
              },
            ],
          },
          {
            title: "Fruits exotiques",
            picture: "fruits",
            description: "Mangues, ananas, fruits de la passion et avocats mûris à point.",
            traits: {
              formats: [
                [1, "pièce"],
                [2, "pièce"],
              ],
              pricePer: [1.5, 7],
              origins: ["Pérou", "Côte d'Ivoire", "La Réunion, France", "Brésil", "Mexique"],
            },
            lines: [
              {
                names: [
                  "Mangue",
                  "Ananas Victoria",
                  "Avocat Hass",
                  "Papaye",
                  "Fruit de la passion",
                ],
                qualifiers: ["", "bio", "de La Réunion", "à point"],
              },
            ],
          },
        ],
      },
      {
        title: "Légumes",
        picture: "legumes",
        description: "Légumes de plein champ, légumes anciens et primeurs.",
        lines: [
          {
            names: ["Carottes des sables", "Poireaux", "Radis noir", "Panais", "Topinambours"],
            qualifiers: ["", "bio", "de Créances IGP", "en botte"],
          },
          {
            names: [
              "Tomates cœur de bœuf",
              "Tomates anciennes",
              "Courgettes",
              "Aubergines",
              "Poivrons",
            ],
            qualifiers: ["", "de pleine terre", "bio", "de Provence"],
          },
          {
            names: [
              "Pommes de terre Ratte",
              "Pommes de terre de l'île de Ré AOP",
              "Oignons doux des Cévennes AOP",
              "Échalotes",
            ],
            qualifiers: ["", "bio", "primeur"],
          },
        ],
      },
      {
        title: "Herbes aromatiques",
        picture: "herbes",
        description: "Bouquets de basilic, coriandre, ciboulette et herbes fraîches.",
        traits: {
          formats: [[1, "pièce"]],
          pricePer: [1.2, 3.9],
          conservation: ["À conserver au réfrigérateur, enveloppé dans un linge humide."],
        },
        lines: [
          {
            names: [
              "Basilic",
              "Coriandre",
              "Persil plat",
              "Ciboulette",
              "Menthe",
              "Estragon",
              "Thym",
              "Aneth",
            ],
            qualifiers: ["en bouquet", "bio", "en pot"],
          },
        ],
      },
      {
        title: "Champignons",
        picture: "champignons",
        description: "Cèpes, girolles, morilles et truffes fraîches en saison.",
        traits: {
          formats: [
            [250, "g"],
            [500, "g"],
          ],
          origins: ["France", "Périgord, France", "Sologne, France"],
        },
        lines: [
          {
            names: ["Cèpes de Bordeaux", "Girolles", "Morilles"],
            qualifiers: ["", "extra", "de saison"],
            pricePer: [28, 90],
          },
          {
            names: ["Champignons de Paris", "Pleurotes", "Shiitakés"],
            qualifiers: ["", "bio", "de Saumur"],
            pricePer: [6, 18],
          },
          {
            names: ["Truffe noire du Périgord", "Truffe d'été"],
            qualifiers: ["", "extra", "brossée"],
            origin: "Périgord, France",
            formats: [
              [25, "g"],
              [50, "g"],
            ],
            pricePer: [400, 1500],
            maxQuantity: 3,
          },
        ],
      },
      {
        title: "Fruits secs et graines",
        picture: "fruits-secs",
        description: "Amandes, noix, noisettes, dattes et fruits séchés.",
        traits: {
          durability: "À consommer de préférence avant la date indiquée sur l'emballage.",
          formats: [
            [200, "g"],
            [250, "g"],
            [500, "g"],
          ],
          pricePer: [14, 60],
          allergens: ["fruits-a-coque"],
          traces: ["arachides", "sesame"],
          nutrition: {
            lipids: [1, 62],
            saturated: [0.06, 0.15],
            glucids: [5, 70],
            sugars: [0.1, 0.9],
            proteins: [2, 25],
            salt: [0, 0.1],
          },
          conservation: ["À conserver dans un endroit sec, dans un bocal fermé."],
        },
        lines: [
          {
            names: [
              "Amandes de Provence",
              "Noix de Grenoble AOP",
              "Noisettes du Piémont IGP",
              "Pistaches",
            ],
            qualifiers: ["", "décortiquées", "grillées", "bio"],
          },
          {
            names: ["Dattes Medjool", "Figues séchées", "Abricots secs", "Pruneaux d'Agen IGP"],
            qualifiers: ["", "moelleux", "bio"],
          },
        ],
      },
    ],
  },
  {
    title: "Traiteur",
    picture: "plat-cuisine",
    description:
      "Entrées, plats cuisinés, poissons fumés et desserts préparés chaque jour dans nos cuisines, à réchauffer ou à déguster tels quels.",
    traits: {
      vat: VAT_INTERMEDIATE,
      durability:
        "À consommer jusqu'à la date indiquée sur l'étiquette. Après ouverture, sous 24 heures.",
      formats: [
        [1, "part"],
        [2, "part"],
        [4, "part"],
      ],
      pricePer: [6, 16],
      origins: ["Préparé à Paris"],
      allergens: ["gluten", "lait", "oeufs"],
      traces: ["celeri", "moutarde", "fruits-a-coque"],
      diets: ["vegetarien"],
      labels: ["label-rouge"],
      conservation: [
        "À conserver entre 0 et 4 °C. À consommer dans les 2 jours.",
        "À réchauffer 10 minutes au four à 180 °C ou 2 minutes au micro-ondes.",
      ],
      nutrition: {
        lipids: [3, 16],
        saturated: [0.3, 0.55],
        glucids: [5, 25],
        sugars: [0.1, 0.4],
        proteins: [4, 14],
        salt: [0.6, 1.4],
      },
      ingredients: "Légumes de saison, huile d'olive, crème, œufs, farine de blé, sel, poivre.",
      sentences: [
        "Préparé le jour même dans nos cuisines avec des produits frais.",
        "Une recette de notre chef, à réchauffer doucement pour en garder tout le moelleux.",
        "Un plat de traiteur généreux, comme à la maison.",
      ],
    },
    push: {
      title: "Le menu du chef",
      picture: "plat-cuisine",
      subtitle: "Cuisiné le matin même",
      text: "Entrée, plat et dessert à commander avant 11 h pour le déjeuner.",
      link: "/c/traiteur/plats-cuisines/",
      layout: "left",
    },
    children: [
      {
        title: "Entrées et salades",
        picture: "salade",
        description: "Salades composées, tartares, œufs mimosa et entrées de saison.",
        lines: [
          {
            names: [
              "Salade de lentilles",
              "Taboulé libanais",
              "Salade César",
              "Salade niçoise",
              "Céleri rémoulade",
            ],
            qualifiers: ["", "aux herbes fraîches", "du chef"],
          },
          {
            names: ["Œufs mimosa", "Tartare de saumon", "Carpaccio de bœuf", "Vitello tonnato"],
            qualifiers: ["", "aux agrumes", "à la truffe"],
          },
        ],
      },
      {
        title: "Plats cuisinés",
        picture: "plat-cuisine",
        description: "Blanquette, bœuf bourguignon, parmentier et plats du jour mijotés.",
        lines: [
          {
            names: [
              "Bœuf bourguignon",
              "Blanquette de veau à l'ancienne",
              "Hachis parmentier",
              "Coq au vin",
              "Navarin d'agneau",
            ],
            qualifiers: ["", "et sa purée maison", "aux légumes glacés"],
          },
          {
            names: [
              "Lasagnes",
              "Risotto aux cèpes",
              "Gratin dauphinois",
              "Curry de légumes",
              "Tajine de poulet aux citrons",
            ],
            qualifiers: ["", "du chef", "de saison"],
          },
        ],
      },
      {
        title: "Poissons fumés et caviar",
        picture: "poisson-fume",
        description: "Saumons fumés au bois de hêtre, truites, tarama et caviars d'esturgeon.",
        traits: {
          vat: VAT_REDUCED,
          formats: [
            [100, "g"],
            [200, "g"],
            [30, "g"],
          ],
          pricePer: [60, 180],
          allergens: ["poissons"],
          traces: ["crustaces", "mollusques", "lait"],
          diets: ["sans-gluten"],
          labels: ["label-rouge", "msc"],
          ingredients: "Saumon (Salmo salar), sel, fumé au bois de hêtre.",
          nutrition: {
            lipids: [8, 18],
            saturated: [0.15, 0.25],
            glucids: [0, 2],
            sugars: [0.3, 1],
            proteins: [18, 25],
            salt: [2, 3.5],
          },
          sentences: [
            "Salé à la main et fumé lentement au bois de hêtre, selon la tradition de l'atelier.",
            "Tranché finement, il se déguste avec des blinis et une crème citronnée.",
          ],
        },
        lines: [
          {
            names: ["Saumon fumé d'Écosse Label Rouge", "Saumon fumé sauvage de la Baltique"],
            qualifiers: ["", "tranché main", "cœur de saumon", "4 tranches"],
          },
          {
            names: ["Truite fumée", "Haddock fumé", "Anguille fumée"],
            qualifiers: ["", "tranché main", "au bois de hêtre"],
          },
          {
            names: ["Caviar osciètre", "Caviar baeri", "Caviar d'Aquitaine"],
            qualifiers: ["", "sélection", "impérial"],
            formats: [
              [30, "g"],
              [50, "g"],
              [125, "g"],
            ],
            pricePer: [1500, 4200],
            maxQuantity: 3,
            vat: VAT_STANDARD,
            origin: "Aquitaine, France",
          },
          {
            names: ["Tarama aux œufs de cabillaud", "Œufs de saumon", "Rillettes de saumon fumé"],
            qualifiers: ["", "au citron", "à l'aneth"],
          },
        ],
      },
      {
        title: "Soupes et veloutés",
        picture: "soupe",
        description: "Soupes de saison, veloutés et gaspachos préparés avec les légumes du marché.",
        traits: {
          formats: [
            [50, "cl"],
            [1, "l"],
          ],
          pricePer: [7, 18],
          allergens: ["lait", "celeri"],
          diets: ["vegetarien", "sans-gluten"],
          ingredients: "Légumes (70 %), eau, crème, beurre, céleri, sel, poivre.",
          nutrition: {
            lipids: [1, 6],
            saturated: [0.3, 0.6],
            glucids: [3, 10],
            sugars: [0.3, 0.6],
            proteins: [1, 3],
            salt: [0.5, 1],
          },
        },
        lines: [
          {
            names: [
              "Velouté de potimarron",
              "Soupe à l'oignon",
              "Gaspacho andalou",
              "Velouté de champignons",
              "Soupe de légumes",
            ],
            qualifiers: ["", "à la châtaigne", "du jardin", "bio"],
          },
        ],
      },
      {
        title: "Sandwichs et snacking",
        picture: "sandwich",
        description: "Sandwichs, wraps, quiches et croque-monsieur pour le déjeuner.",
        traits: {
          formats: [[1, "pièce"]],
          pricePer: [4.5, 12],
          ingredients:
            "Pain (farine de blé, eau, levure, sel), jambon blanc de porc, beurre, emmental, salade, tomate.",
        },
        lines: [
          {
            names: [
              "Sandwich jambon-beurre",
              "Sandwich poulet-crudités",
              "Club saumon",
              "Wrap végétarien",
              "Bagel pastrami",
            ],
            qualifiers: ["", "au pain de campagne", "sur baguette tradition"],
          },
          {
            names: [
              "Quiche lorraine",
              "Quiche aux poireaux",
              "Croque-monsieur",
              "Feuilleté au fromage",
            ],
            qualifiers: ["", "du chef", "maison"],
          },
        ],
      },
    ],
  },
  {
    title: "Boulangerie-Pâtisserie",
    picture: "pain",
    description:
      "Pains au levain, viennoiseries pur beurre, entremets et gâteaux de voyage, cuits chaque matin par nos boulangers et pâtissiers.",
    traits: {
      durability: "À consommer jusqu'à la date indiquée sur l'étiquette.",
      formats: [[1, "pièce"]],
      pricePer: [1.2, 8],
      allergens: ["gluten", "lait", "oeufs"],
      traces: ["fruits-a-coque", "soja", "sesame"],
      diets: ["vegetarien"],
      labels: ["label-rouge", "ab"],
      origins: ["Fabriqué à Paris"],
      conservation: [
        "À consommer dans la journée.",
        "À conserver dans un torchon, à température ambiante, 2 à 3 jours.",
      ],
      nutrition: {
        lipids: [1, 28],
        saturated: [0.3, 0.65],
        glucids: [35, 60],
        sugars: [0.05, 0.6],
        proteins: [5, 10],
        salt: [0.1, 1.6],
      },
      ingredients: "Farine de blé, beurre (28 %), sucre, œufs, lait, levure, sel.",
      sentences: [
        "Cuit chaque matin dans notre fournil, avec des farines de meuniers de la région.",
        "Une recette de nos pâtissiers, préparée avec du beurre AOP et des œufs de plein air.",
        "Façonné à la main et cuit sur sole pour une croûte bien dorée.",
      ],
    },
    push: {
      title: "Les douceurs du goûter",
      picture: "gateau-de-voyage",
      subtitle: "Madeleines, financiers et cakes",
      text: "Nos gâteaux de voyage se gardent plusieurs jours : à emporter partout.",
      link: "/c/boulangerie-patisserie/gateaux-de-voyage/",
      layout: "right",
    },
    children: [
      {
        title: "Pains",
        picture: "pain",
        description: "Baguettes de tradition, pains au levain, seigle et pains spéciaux.",
        traits: {
          formats: [
            [1, "pièce"],
            [2, "pièce"],
          ],
          pricePer: [1.3, 5.5],
          diets: ["vegetarien", "vegan", "sans-lactose"],
          allergens: ["gluten"],
          nutrition: {
            lipids: [0.8, 4],
            saturated: [0.15, 0.3],
            glucids: [42, 55],
            sugars: [0.02, 0.08],
            proteins: [7, 10],
            salt: [1, 1.5],
          },
        },
        lines: [
          {
            names: [
              "Baguette de tradition",
              "Pain de campagne au levain",
              "Pain de seigle noir",
              "Pain complet",
              "Fougasse aux olives",
            ],
            qualifiers: ["", "bio", "au levain naturel", "Label Rouge"],
          },
          {
            names: ["Pain aux noix", "Pain aux figues", "Pain aux céréales", "Pain d'épeautre"],
            qualifiers: ["", "bio", "moulé"],
          },
        ],
      },
      {
        title: "Viennoiseries",
        picture: "viennoiserie",
        description: "Croissants, pains au chocolat, brioches et chaussons pur beurre.",
        traits: { pricePer: [1.2, 4.2] },
        lines: [
          {
            names: [
              "Croissant pur beurre",
              "Pain au chocolat",
              "Pain aux raisins",
              "Chausson aux pommes",
              "Brioche feuilletée",
            ],
            qualifiers: ["", "AOP Charentes-Poitou", "bio"],
          },
          {
            names: ["Brioche Nanterre", "Kouign-amann", "Cannelé bordelais", "Pain au lait"],
            qualifiers: ["", "à la fleur d'oranger", "pur beurre"],
          },
        ],
      },
      {
        title: "Pâtisseries",
        picture: "patisserie",
        description: "Éclairs, tartes, entremets et classiques de la pâtisserie française.",
        traits: {
          formats: [
            [1, "part"],
            [4, "part"],
            [6, "part"],
          ],
          pricePer: [4, 9],
          conservation: ["À conserver entre 0 et 4 °C. À consommer dans les 24 heures."],
        },
        lines: [
          {
            names: [
              "Éclair au chocolat",
              "Paris-Brest",
              "Mille-feuille vanille",
              "Saint-Honoré",
              "Opéra",
            ],
            qualifiers: ["", "du pâtissier", "grand format"],
          },
          {
            names: [
              "Tarte au citron meringuée",
              "Tarte aux fraises",
              "Tarte Tatin",
              "Flan pâtissier",
              "Fraisier",
            ],
            qualifiers: ["", "de saison", "à partager"],
          },
        ],
      },
      {
        title: "Gâteaux de voyage",
        picture: "gateau-de-voyage",
        description:
          "Cakes, financiers, madeleines et quatre-quarts qui se gardent plusieurs jours.",
        traits: {
          durability: "À consommer de préférence avant la date indiquée sur l'emballage.",
          formats: [
            [250, "g"],
            [300, "g"],
            [400, "g"],
          ],
          pricePer: [22, 50],
          conservation: [
            "À conserver à température ambiante, dans son emballage, jusqu'à 10 jours.",
          ],
        },
        lines: [
          {
            names: [
              "Cake au citron",
              "Cake marbré",
              "Quatre-quarts breton",
              "Pain d'épices au miel",
            ],
            qualifiers: ["", "pur beurre", "bio", "de Dijon"],
          },
          {
            names: ["Madeleines", "Financiers aux amandes", "Canelés", "Sablés diamant"],
            qualifiers: ["", "au miel", "à la vanille de Madagascar", "au chocolat noir"],
          },
        ],
      },
      {
        title: "Macarons",
        picture: "macarons",
        description: "Macarons parisiens en coffrets de 6, 12 ou 24.",
        traits: {
          durability: "À consommer jusqu'à la date indiquée sur l'étiquette.",
          formats: [
            [6, "pièce"],
            [12, "pièce"],
            [24, "pièce"],
          ],
          pricePer: [1.8, 2.9],
          allergens: ["fruits-a-coque", "oeufs", "lait"],
          ingredients: "Poudre d'amandes, sucre, blancs d'œufs, ganache (chocolat, crème, beurre).",
          conservation: ["À conserver entre 0 et 4 °C. Sortir 30 minutes avant dégustation."],
        },
        lines: [
          {
            names: [
              "Coffret de macarons",
              "Macarons chocolat noir",
              "Macarons framboise",
              "Macarons pistache",
              "Macarons caramel",
            ],
            qualifiers: ["", "assortiment", "édition de saison"],
          },
        ],
      },
    ],
  },
];
