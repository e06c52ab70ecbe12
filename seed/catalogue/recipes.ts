import type { PictureKind } from "#platform/commerce/index.ts";

/**
 * What each product of the demo catalogue is made of, by the name its line gives it, where its
 * category's list of ingredients does not fit every product of the category; and the picture a
 * name asks for where its category's does not suit it. The diets and allergens a product claims
 * are derived from these lists (`composition.ts`), so they must say what is in the product:
 * a cheese made with rennet says « présure », a pâté says what meat it holds.
 *
 * `{name}` is the product's name without its qualifier, starting with a small letter.
 */
export type Recipe = { ingredients?: string; picture?: PictureKind };

export const RECIPES: Readonly<Record<string, Recipe>> = {
  // Épicerie salée › vinaigres
  "Vinaigre balsamique de Modène IGP": {
    ingredients: "Vinaigre de vin, moût de raisin cuit, antioxydant : sulfites.",
  },
  "Vinaigre de Xérès": { ingredients: "Vinaigre de vin de Xérès, antioxydant : sulfites." },
  "Vinaigre de vin de Banyuls": {
    ingredients: "Vinaigre de vin de Banyuls, antioxydant : sulfites.",
  },
  "Vinaigre de cidre": { ingredients: "Vinaigre de cidre." },
  "Vinaigre de framboise": {
    ingredients: "Vinaigre de vin, pulpe de framboise (20 %), antioxydant : sulfites.",
  },
  "Vinaigre de miel": { ingredients: "Vinaigre de miel." },
  "Vinaigre à l'estragon": { ingredients: "Vinaigre d'alcool, estragon." },
  // Conserves de la mer
  "Sardines à l'huile d'olive": {
    ingredients: "Sardines (75 %), huile d'olive vierge extra, sel.",
  },
  "Sardines millésimées": { ingredients: "Sardines (75 %), huile d'olive vierge extra, sel." },
  "Filets de maquereaux": {
    ingredients: "Filets de maquereaux (70 %), huile de tournesol, sel, aromates.",
  },
  "Thon germon au naturel": { ingredients: "Thon germon, eau, sel." },
  "Ventrèche de thon": { ingredients: "Ventrèche de thon (75 %), huile d'olive, sel." },
  "Filets d'anchois": { ingredients: "Filets d'anchois (70 %), huile de tournesol, sel." },
  "Rillettes de sardines": {
    ingredients: "Sardines (50 %), beurre, crème, jus de citron, sel, poivre.",
  },
  "Rillettes de thon": {
    ingredients: "Thon (55 %), fromage frais, huile de colza, moutarde, sel, poivre.",
  },
  "Soupe de poissons de roche": {
    ingredients:
      "Eau, poissons de roche (30 %), tomates, oignons, huile d'olive, ail, fenouil, céleri, safran, sel.",
  },
  // Pâtes, riz et légumineuses
  Spaghetti: { ingredients: "Semoule de blé dur, eau.", picture: "pates-seches" },
  Linguine: { ingredients: "Semoule de blé dur, eau.", picture: "pates-seches" },
  Rigatoni: { ingredients: "Semoule de blé dur, eau.", picture: "pates-seches" },
  Paccheri: { ingredients: "Semoule de blé dur, eau.", picture: "pates-seches" },
  Orecchiette: { ingredients: "Semoule de blé dur, eau.", picture: "pates-seches" },
  Tagliatelle: { ingredients: "Semoule de blé dur, œufs frais (20 %).", picture: "pates-seches" },
  // Sel, poivre et épices
  "Sel fumé au bois de hêtre": { ingredients: "Sel de mer fumé au bois de hêtre." },
  "Curry de Madras": {
    ingredients:
      "Coriandre, curcuma, cumin, fenugrec, graines de moutarde, piment, poivre, gingembre.",
  },
  // Condiments et sauces
  "Moutarde de Dijon": {
    ingredients: "Eau, graines de moutarde, vinaigre, sel, antioxydant : disulfite de potassium.",
  },
  "Moutarde à l'ancienne": {
    ingredients:
      "Eau, graines de moutarde entières, vinaigre, sel, antioxydant : disulfite de potassium.",
  },
  "Moutarde au miel": {
    ingredients: "Eau, graines de moutarde, miel (20 %), vinaigre, sel.",
  },
  "Tapenade noire": {
    ingredients: "Olives noires, câpres, anchois, huile d'olive, ail, herbes de Provence.",
  },
  "Tapenade verte": { ingredients: "Olives vertes, câpres, huile d'olive, ail, basilic." },
  "Caviar d'aubergine": {
    ingredients: "Aubergines (80 %), huile d'olive, ail, jus de citron, sel.",
  },
  "Pesto alla genovese": {
    ingredients: "Basilic (45 %), huile d'olive, parmigiano reggiano, pignons de pin, ail, sel.",
  },
  "Cornichons extra-fins": { ingredients: "Cornichons, vinaigre d'alcool, eau, sel, aromates." },
  "Câpres au sel": { ingredients: "Câpres, sel." },
  "Ketchup artisanal": {
    ingredients: "Tomates, sucre de canne, vinaigre d'alcool, oignons, sel, épices.",
  },
  // Apéritif
  "Chips artisanales": { ingredients: "Pommes de terre, huile de tournesol, sel de Guérande." },
  Crackers: { ingredients: "Farine de blé, huile d'olive, eau, sel, levure." },
  "Gressins piémontais": { ingredients: "Farine de blé, eau, huile d'olive, levure, sel." },
  "Sablés au parmesan": {
    ingredients: "Farine de blé, parmigiano reggiano (25 %), beurre, œufs, sel.",
  },
  "Olives Lucques": { ingredients: "Olives Lucques, eau, sel." },
  "Olives de Kalamata": { ingredients: "Olives de Kalamata, eau, vinaigre de vin, sel." },
  "Olives noires de Nyons AOP": { ingredients: "Olives noires de Nyons, sel." },
  // Épicerie sucrée › chocolats
  "Chocolat noir 70 %": { ingredients: "Pâte de cacao, sucre de canne, beurre de cacao." },
  "Chocolat noir 85 %": { ingredients: "Pâte de cacao, sucre de canne, beurre de cacao." },
  "Chocolat noir 64 %": { ingredients: "Pâte de cacao, sucre de canne, beurre de cacao." },
  "Chocolat au lait 40 %": {
    ingredients:
      "Sucre, beurre de cacao, lait entier en poudre, pâte de cacao, émulsifiant : lécithine de soja, vanille.",
  },
  "Chocolat au lait caramel": {
    ingredients:
      "Sucre, beurre de cacao, lait entier en poudre, pâte de cacao, caramel (sucre, crème, beurre), vanille.",
  },
  "Chocolat blanc vanille": {
    ingredients: "Sucre, beurre de cacao, lait entier en poudre, vanille.",
  },
  "Chocolat noir aux amandes": {
    ingredients: "Pâte de cacao, sucre de canne, amandes (20 %), beurre de cacao.",
  },
  "Chocolat noir orange confite": {
    ingredients:
      "Pâte de cacao, sucre de canne, écorces d'orange confites (15 %), beurre de cacao.",
  },
  "Chocolat noir au gingembre": {
    ingredients: "Pâte de cacao, sucre de canne, gingembre confit (10 %), beurre de cacao.",
  },
  "Ballotin de chocolats": {
    ingredients:
      "Chocolat noir (pâte de cacao, sucre, beurre de cacao), praliné (sucre, amandes, noisettes), crème, beurre.",
  },
  "Assortiment de pralinés": {
    ingredients:
      "Chocolat au lait (sucre, beurre de cacao, lait entier en poudre, pâte de cacao), praliné noisette (45 %), crêpe dentelle (farine de blé, beurre, sucre).",
  },
  "Rochers praliné": {
    ingredients:
      "Chocolat au lait (sucre, beurre de cacao, lait entier en poudre, pâte de cacao), praliné amandes et noisettes (50 %), éclats d'amandes.",
  },
  "Mendiants au chocolat noir": {
    ingredients:
      "Chocolat noir (pâte de cacao, sucre, beurre de cacao), amandes, noisettes, pistaches, raisins secs.",
  },
  Orangettes: {
    ingredients:
      "Écorces d'orange confites (55 %), chocolat noir (pâte de cacao, sucre, beurre de cacao), sucre.",
  },
  "Truffes au cacao": {
    ingredients:
      "Chocolat noir (pâte de cacao, sucre, beurre de cacao), crème, beurre, cacao en poudre.",
  },
  "Pâte à tartiner noisette et cacao": {
    ingredients:
      "Sucre, noisettes (40 %), huile de tournesol, cacao maigre, lait écrémé en poudre, émulsifiant : lécithine de tournesol.",
    picture: "pate-a-tartiner",
  },
  "Pâte à tartiner chocolat au lait": {
    ingredients:
      "Sucre, noisettes (25 %), chocolat au lait (sucre, beurre de cacao, lait entier en poudre, pâte de cacao), huile de tournesol.",
    picture: "pate-a-tartiner",
  },
  // Biscuits et gâteaux secs
  "Galettes pur beurre": {
    ingredients:
      "Farine de blé, beurre frais (25 %), sucre, jaunes d'œufs, sel de Guérande, poudre à lever.",
  },
  "Palets bretons": {
    ingredients: "Farine de blé, beurre demi-sel (28 %), sucre, jaunes d'œufs, poudre à lever.",
  },
  "Sablés nantais": { ingredients: "Farine de blé, beurre (25 %), sucre, œufs, sel, vanille." },
  "Crêpes dentelle": { ingredients: "Farine de blé, sucre, beurre, lait écrémé en poudre, sel." },
  Cookies: {
    ingredients:
      "Farine de blé, beurre, sucre de canne, pépites de chocolat noir (20 %), œufs, sel, poudre à lever.",
  },
  "Croquants aux amandes": { ingredients: "Sucre, farine de blé, amandes (25 %), blancs d'œufs." },
  Navettes: { ingredients: "Farine de blé, sucre, beurre, œufs, eau de fleur d'oranger." },
  "Biscuits de Reims": {
    ingredients: "Sucre, farine de blé, œufs, colorant : carmin, vanille.",
  },
  // Confitures, miels et pâtes à tartiner
  "Marmelade d'oranges amères": {
    ingredients: "Oranges amères (55 %), sucre de canne, jus de citron.",
  },
  "Miel de lavande": { ingredients: "100 % miel de lavande.", picture: "miel" },
  "Miel d'acacia": { ingredients: "100 % miel d'acacia.", picture: "miel" },
  "Miel de châtaignier": { ingredients: "100 % miel de châtaignier.", picture: "miel" },
  "Miel de montagne": { ingredients: "100 % miel de montagne.", picture: "miel" },
  "Crème de marrons": {
    ingredients: "Purée de marrons, sucre, sirop de glucose, vanille.",
    picture: "pate-a-tartiner",
  },
  "Caramel au beurre salé": {
    ingredients: "Sucre, crème (30 %), beurre demi-sel, sel de Guérande.",
    picture: "pate-a-tartiner",
  },
  "Pâte de spéculoos": {
    ingredients:
      "Biscuits spéculoos (farine de blé, sucre, huile de colza, cannelle) (60 %), huile de colza, sucre.",
    picture: "pate-a-tartiner",
  },
  // Thés et infusions
  "Thé noir Earl Grey": { ingredients: "Thé noir, huile essentielle de bergamote." },
  "Thé vert à la menthe": { ingredients: "Thé vert gunpowder (70 %), menthe nanah (30 %)." },
  "Infusion verveine": { ingredients: "100 % feuilles de verveine." },
  "Infusion tilleul": { ingredients: "100 % fleurs de tilleul." },
  "Rooibos vanille": { ingredients: "Rooibos, morceaux de vanille, arôme naturel de vanille." },
  // Cafés
  "Café mélange Maison": { ingredients: "Café arabica (80 %), café robusta (20 %)." },
  "Café Espresso Noir Intense": { ingredients: "Café arabica (60 %), café robusta (40 %)." },
  // Confiseries
  "Calissons d'Aix": {
    ingredients:
      "Amandes (35 %), melon et écorces d'orange confits, sucre, glace royale (sucre, blanc d'œuf), pain azyme (farine de blé, eau).",
  },
  "Nougat blanc de Montélimar": {
    ingredients:
      "Miel, sucre, amandes (30 %), pistaches, blanc d'œuf, pain azyme (fécule de pomme de terre, eau), vanille.",
  },
  "Nougat noir au miel": {
    ingredients: "Miel (50 %), amandes (40 %), pain azyme (fécule de pomme de terre, eau).",
  },
  "Caramels au beurre salé": {
    ingredients: "Sucre, crème, beurre demi-sel, sirop de glucose, sel de Guérande.",
  },
  "Pâtes de fruits": {
    ingredients: "Pulpe de fruits (50 %), sucre, sirop de glucose, pectine, acide citrique.",
  },
  "Marrons glacés": { ingredients: "Marrons, sucre, sirop de glucose, vanille." },
  Guimauves: {
    ingredients: "Sucre, sirop de glucose, eau, gélatine de porc, arôme naturel de framboise.",
  },
  Berlingots: { ingredients: "Sucre, sirop de glucose, arômes naturels, colorants naturels." },
  // Cave
  "Whisky de seigle": { ingredients: "Seigle, orge maltée, eau, levure." },
  "Rhum vieux agricole": { ingredients: "Rhum agricole vieilli en fût de chêne." },
  "Rhum ambré": { ingredients: "Rhum, colorant : caramel." },
  "Rhum arrangé vanille": { ingredients: "Rhum agricole, sucre de canne, gousses de vanille." },
  "Rhum arrangé ananas": { ingredients: "Rhum agricole, ananas (20 %), sucre de canne." },
  "Rhum arrangé gingembre": { ingredients: "Rhum agricole, gingembre (10 %), sucre de canne." },
  "Calvados Pays d'Auge AOC": { ingredients: "Eau-de-vie de cidre vieillie en fût de chêne." },
  "Eau-de-vie de poire Williams": { ingredients: "Eau-de-vie de poires Williams." },
  "Marc de Bourgogne AOC": { ingredients: "Eau-de-vie de marc de raisin." },
  "Bière blanche": {
    ingredients: "Eau, malt d'orge, blé, houblon, levure, coriandre, écorces d'orange.",
  },
  "Bière noire stout": {
    ingredients: "Eau, malt d'orge torréfié, flocons d'avoine, houblon, levure.",
  },
  "Cidre brut de Normandie": {
    ingredients: "Pur jus de pommes à cidre, antioxydant : sulfites.",
    picture: "cidre",
  },
  "Cidre doux": {
    ingredients: "Pur jus de pommes à cidre, antioxydant : sulfites.",
    picture: "cidre",
  },
  "Poiré Domfront AOP": {
    ingredients: "Pur jus de poires à poiré, antioxydant : sulfites.",
    picture: "cidre",
  },
  "Cidre Cornouaille AOP": {
    ingredients: "Pur jus de pommes à cidre, antioxydant : sulfites.",
    picture: "cidre",
  },
  "Pastis artisanal": { ingredients: "Alcool, anis étoilé, réglisse, fenouil, sucre." },
  "Vermouth rouge": {
    ingredients:
      "Vin blanc, alcool, sucre, plantes aromatiques, colorant : caramel, antioxydant : sulfites.",
  },
  "Vermouth blanc": {
    ingredients: "Vin blanc, alcool, sucre, plantes aromatiques, antioxydant : sulfites.",
  },
  Gentiane: { ingredients: "Alcool, macération de racines de gentiane, sucre." },
  "Crème de cassis de Dijon": { ingredients: "Cassis (30 %), sucre, alcool." },
  "Liqueur de poire": { ingredients: "Alcool, poires Williams, sucre." },
  "Chartreuse verte": { ingredients: "Alcool, sucre, macération de plantes." },
  "Liqueur de noix": { ingredients: "Alcool, noix vertes, sucre." },
  // Fromagerie › pâtes molles
  "Camembert de Normandie AOP au lait cru": {
    ingredients: "Lait cru de vache, sel, ferments lactiques, présure.",
  },
  "Camembert fermier": { ingredients: "Lait cru de vache, sel, ferments lactiques, présure." },
  "Camembert au calvados": {
    ingredients:
      "Camembert (lait de vache pasteurisé, sel, ferments lactiques, présure), calvados, chapelure (farine de blé).",
  },
  "Brie de Meaux AOP": { ingredients: "Lait cru de vache, sel, ferments lactiques, présure." },
  "Brie de Melun AOP": { ingredients: "Lait cru de vache, sel, ferments lactiques, présure." },
  Coulommiers: { ingredients: "Lait de vache pasteurisé, sel, ferments lactiques, présure." },
  "Époisses AOP": {
    ingredients: "Lait cru de vache, sel, ferments lactiques, présure, marc de Bourgogne.",
  },
  "Mont d'Or AOP": {
    ingredients: "Lait cru de vache, sel, ferments lactiques, présure, sangle d'épicéa.",
  },
  // Pâtes pressées
  "Tomme de Savoie IGP": {
    ingredients: "Lait de vache thermisé, sel, ferments lactiques, présure.",
  },
  "Tomme des Pyrénées IGP": {
    ingredients: "Lait de vache pasteurisé, sel, ferments lactiques, coagulant microbien.",
  },
  "Ossau-Iraty AOP": { ingredients: "Lait cru de brebis, sel, ferments lactiques, présure." },
  "Mimolette extra-vieille": {
    ingredients: "Lait de vache pasteurisé, sel, ferments lactiques, présure, colorant : rocou.",
  },
  "Gouda au cumin": {
    ingredients: "Lait de vache pasteurisé, cumin (1 %), sel, ferments lactiques, présure.",
  },
  "Parmigiano Reggiano AOP": { ingredients: "Lait cru de vache, sel, présure." },
  "Fromage de brebis basque": {
    ingredients: "Lait cru de brebis, sel, ferments lactiques, présure.",
  },
  // Fromages de chèvre
  "Fromage de chèvre frais": {
    ingredients: "Lait de chèvre pasteurisé, sel, ferments lactiques, coagulant microbien.",
  },
  "Bûche de chèvre cendrée": {
    ingredients: "Lait de chèvre pasteurisé, sel, ferments lactiques, présure, charbon végétal.",
  },
  "Banon AOP": {
    ingredients: "Lait cru de chèvre, sel, ferments lactiques, présure, feuilles de châtaignier.",
  },
  // Bleus et persillés
  "Roquefort AOP": {
    ingredients: "Lait cru de brebis, sel, ferments lactiques, présure, Penicillium roqueforti.",
  },
  "Bleu d'Auvergne AOP": {
    ingredients: "Lait de vache, sel, ferments lactiques, présure, Penicillium roqueforti.",
  },
  "Fourme d'Ambert AOP": {
    ingredients: "Lait de vache, sel, ferments lactiques, présure, Penicillium roqueforti.",
  },
  "Bleu de Gex AOP": {
    ingredients: "Lait cru de vache, sel, ferments lactiques, présure, Penicillium roqueforti.",
  },
  "Gorgonzola AOP": {
    ingredients: "Lait de vache pasteurisé, sel, présure, Penicillium roqueforti.",
  },
  Stilton: {
    ingredients:
      "Lait de vache pasteurisé, sel, ferments lactiques, coagulant microbien, Penicillium roqueforti.",
  },
  "Bleu des Causses AOP": {
    ingredients: "Lait cru de vache, sel, ferments lactiques, présure, Penicillium roqueforti.",
  },
  // Crèmerie
  "Beurre de baratte demi-sel": {
    ingredients: "Crème de lait de vache, ferments lactiques, sel de Guérande (2 %).",
    picture: "beurre",
  },
  "Beurre doux AOP Charentes-Poitou": {
    ingredients: "Crème de lait de vache, ferments lactiques.",
    picture: "beurre",
  },
  "Beurre aux cristaux de sel": {
    ingredients: "Crème de lait de vache, ferments lactiques, cristaux de sel de mer (3 %).",
    picture: "beurre",
  },
  "Crème crue fermière": { ingredients: "Crème crue de lait de vache.", picture: "creme" },
  "Crème d'Isigny AOP": {
    ingredients: "Crème de lait de vache pasteurisée, ferments lactiques.",
    picture: "creme",
  },
  "Fromage blanc fermier": {
    ingredients: "Lait de vache pasteurisé, crème, ferments lactiques, coagulant microbien.",
    picture: "creme",
  },
  "Faisselle fermière": {
    ingredients: "Lait entier de vache pasteurisé, ferments lactiques, coagulant microbien.",
    picture: "creme",
  },
  "Yaourts au lait entier": {
    ingredients: "Lait entier de vache, ferments lactiques.",
    picture: "yaourt",
  },
  "Yaourts au lait de brebis": {
    ingredients: "Lait entier de brebis, ferments lactiques.",
    picture: "yaourt",
  },
  // Boucherie
  "Bœuf haché": { ingredients: "100 % viande de bœuf hachée (5 % de matières grasses)." },
  "Gigot d'agneau": { ingredients: "100 % viande d'agneau." },
  "Carré d'agneau": { ingredients: "100 % viande d'agneau." },
  "Épaule d'agneau": { ingredients: "100 % viande d'agneau." },
  "Souris d'agneau": { ingredients: "100 % viande d'agneau." },
  "Magret de canard": { ingredients: "100 % magret de canard." },
  "Cuisses de canard": { ingredients: "100 % cuisses de canard." },
  "Suprêmes de volaille": { ingredients: "100 % suprêmes de poulet." },
  "Filets de poulet": { ingredients: "100 % filets de poulet." },
  // Charcuterie
  "Jambon blanc à l'os": {
    ingredients: "Jambon de porc, eau, sel, dextrose, aromates, conservateur : nitrite de sodium.",
  },
  "Jambon blanc aux herbes": {
    ingredients:
      "Jambon de porc, eau, sel, herbes (2 %), dextrose, conservateur : nitrite de sodium.",
  },
  "Jambon persillé de Bourgogne": {
    ingredients:
      "Jambon de porc (70 %), gelée (eau, gélatine de porc, vin blanc), persil, ail, sel, conservateur : nitrite de sodium.",
  },
  "Pâté en croûte": {
    ingredients:
      "Viande de porc, pâte (farine de blé, beurre, œufs), foie de volaille, gelée (gélatine de porc), sel, poivre.",
  },
  "Terrine de campagne": {
    ingredients:
      "Viande et foie de porc, œufs, oignons, lait, sel, poivre, conservateur : nitrite de sodium.",
  },
  "Terrine de canard": {
    ingredients:
      "Viande de canard (40 %), viande de porc, foie de volaille, œufs, cognac, sel, poivre.",
  },
  "Rillettes du Mans": { ingredients: "Viande de porc, graisse de porc, sel, poivre." },
  "Pâté de foie de volaille": {
    ingredients: "Foie de volaille (50 %), gras de porc, œufs, crème, porto, sel, poivre.",
  },
  "Terrine de gibier": {
    ingredients:
      "Viande de sanglier (40 %), viande de porc, foie de porc, œufs, armagnac, baies de genièvre, sel.",
  },
  "Fromage de tête": {
    ingredients: "Tête de porc, gelée (gélatine de porc), persil, échalotes, vinaigre, sel.",
  },
  "Foie gras d'oie entier": { ingredients: "Foie gras d'oie, sel, poivre." },
  "Bloc de foie gras de canard": {
    ingredients: "Foie gras de canard reconstitué (98 %), eau, sel, porto, poivre.",
  },
  "Médaillon de foie gras": {
    ingredients: "Foie gras de canard (97 %), sel, porto, poivre.",
  },
  // Fruits et légumes
  "Truffe noire du Périgord": {
    ingredients: "100 % truffe noire du Périgord.",
    picture: "truffes",
  },
  "Truffe d'été": { ingredients: "100 % truffe d'été.", picture: "truffes" },
  // Traiteur › entrées et salades
  "Salade de lentilles": {
    ingredients:
      "Lentilles vertes (50 %), carottes, oignons rouges, huile de colza, vinaigre de cidre, moutarde, persil, sel, poivre.",
  },
  "Taboulé libanais": {
    ingredients:
      "Persil (45 %), boulgour de blé, tomates, oignons, menthe, huile d'olive, jus de citron, sel.",
  },
  "Salade César": {
    ingredients:
      "Salade romaine, poulet rôti (25 %), croûtons (farine de blé, huile de tournesol), parmigiano reggiano, sauce (huile de colza, jaune d'œuf, anchois, moutarde, ail).",
  },
  "Salade niçoise": {
    ingredients:
      "Salade, tomates, thon (15 %), œufs durs, olives, anchois, haricots verts, huile d'olive.",
  },
  "Céleri rémoulade": {
    ingredients:
      "Céleri-rave (75 %), mayonnaise (huile de colza, jaune d'œuf, moutarde, vinaigre), sel, poivre.",
  },
  "Œufs mimosa": {
    ingredients:
      "Œufs (60 %), mayonnaise (huile de colza, jaune d'œuf, moutarde), ciboulette, sel.",
  },
  "Tartare de saumon": {
    ingredients: "Saumon (70 %), échalotes, huile d'olive, jus de citron vert, aneth, sel, poivre.",
  },
  "Carpaccio de bœuf": {
    ingredients: "Bœuf (70 %), huile d'olive, parmigiano reggiano, roquette, câpres, citron.",
  },
  "Vitello tonnato": {
    ingredients: "Veau rôti (60 %), sauce (huile de colza, jaune d'œuf, thon, anchois, câpres).",
  },
  // Plats cuisinés
  "Bœuf bourguignon": {
    ingredients:
      "Bœuf (50 %), vin rouge, carottes, champignons, lardons de porc, oignons, farine de blé, beurre, bouquet garni.",
  },
  "Blanquette de veau à l'ancienne": {
    ingredients:
      "Veau (50 %), bouillon de veau, crème, champignons, carottes, farine de blé, beurre, jaune d'œuf, citron.",
  },
  "Hachis parmentier": {
    ingredients:
      "Pommes de terre, bœuf haché (35 %), lait, beurre, oignons, emmental, sel, poivre.",
  },
  "Coq au vin": {
    ingredients:
      "Coq (50 %), vin rouge, lardons de porc, champignons, oignons, farine de blé, beurre, thym.",
  },
  "Navarin d'agneau": {
    ingredients: "Agneau (50 %), carottes, navets, pommes de terre, tomates, farine de blé, thym.",
  },
  Lasagnes: {
    ingredients:
      "Pâtes aux œufs (farine de blé, œufs), bœuf (25 %), sauce tomate, béchamel (lait, beurre, farine de blé), emmental.",
  },
  "Risotto aux cèpes": {
    ingredients:
      "Riz carnaroli, bouillon de légumes, cèpes (15 %), parmigiano reggiano, beurre, vin blanc, oignons.",
  },
  "Gratin dauphinois": {
    ingredients: "Pommes de terre (70 %), crème, lait, ail, muscade, sel.",
  },
  "Curry de légumes": {
    ingredients:
      "Légumes de saison (50 %), pois chiches, lait de coco, oignons, pâte de curry, riz basmati.",
  },
  "Tajine de poulet aux citrons": {
    ingredients: "Poulet (45 %), citrons confits, olives, oignons, épices, huile d'olive.",
  },
  // Poissons fumés et caviar
  "Saumon fumé sauvage de la Baltique": { ingredients: "Saumon sauvage (Salmo salar), sel." },
  "Truite fumée": { ingredients: "Truite (Oncorhynchus mykiss), sel, fumée de bois de hêtre." },
  "Haddock fumé": { ingredients: "Églefin, sel, fumée de bois de hêtre." },
  "Anguille fumée": { ingredients: "Anguille, sel, fumée de bois de hêtre." },
  "Caviar osciètre": {
    ingredients: "Œufs d'esturgeon (Acipenser gueldenstaedtii), sel.",
    picture: "caviar",
  },
  "Caviar baeri": { ingredients: "Œufs d'esturgeon (Acipenser baerii), sel.", picture: "caviar" },
  "Caviar d'Aquitaine": {
    ingredients: "Œufs d'esturgeon (Acipenser baerii), sel.",
    picture: "caviar",
  },
  "Tarama aux œufs de cabillaud": {
    ingredients:
      "Œufs de cabillaud (25 %), huile de colza, mie de pain (farine de blé), jus de citron, sel.",
    picture: "caviar",
  },
  "Œufs de saumon": { ingredients: "Œufs de saumon, sel.", picture: "caviar" },
  "Rillettes de saumon fumé": {
    ingredients: "Saumon fumé (40 %), saumon cuit, crème, beurre, aneth, jus de citron.",
  },
  // Soupes et veloutés
  "Velouté de potimarron": {
    ingredients: "Potimarron (60 %), eau, crème, oignons, beurre, sel, poivre.",
  },
  "Soupe à l'oignon": {
    ingredients: "Oignons (45 %), bouillon de bœuf, vin blanc, beurre, farine de blé, sel.",
  },
  "Gaspacho andalou": {
    ingredients:
      "Tomates (70 %), concombres, poivrons, huile d'olive, vinaigre de Xérès, ail, sel.",
  },
  "Velouté de champignons": {
    ingredients: "Champignons de Paris (40 %), eau, crème, oignons, beurre, céleri, sel.",
  },
  "Soupe de légumes": {
    ingredients:
      "Légumes (carottes, poireaux, pommes de terre, céleri) (70 %), eau, huile d'olive, sel.",
  },
  // Sandwichs et snacking
  "Sandwich jambon-beurre": {
    ingredients: "Baguette (farine de blé, eau, levain, sel), jambon blanc de porc, beurre.",
  },
  "Sandwich poulet-crudités": {
    ingredients:
      "Pain (farine de blé, eau, levure, sel), poulet rôti (30 %), salade, tomates, mayonnaise (huile de colza, jaune d'œuf, moutarde).",
  },
  "Club saumon": {
    ingredients:
      "Pain de mie (farine de blé, lait, beurre), saumon fumé (30 %), fromage frais, concombre, aneth.",
  },
  "Wrap végétarien": {
    ingredients:
      "Galette de blé, houmous (pois chiches, crème de sésame, jus de citron), légumes grillés, roquette.",
  },
  "Bagel pastrami": {
    ingredients:
      "Bagel (farine de blé, graines de sésame), pastrami de bœuf (40 %), cornichons, moutarde.",
  },
  "Quiche lorraine": {
    ingredients:
      "Pâte brisée (farine de blé, beurre), lardons de porc, œufs, crème, lait, muscade.",
    picture: "quiche",
  },
  "Quiche aux poireaux": {
    ingredients: "Pâte brisée (farine de blé, beurre), poireaux (35 %), œufs, crème, emmental.",
    picture: "quiche",
  },
  "Croque-monsieur": {
    ingredients:
      "Pain de mie (farine de blé, lait), jambon blanc de porc, béchamel (lait, beurre, farine de blé), emmental.",
  },
  "Feuilleté au fromage": {
    ingredients: "Pâte feuilletée (farine de blé, beurre), comté (35 %), crème, œufs.",
    picture: "quiche",
  },
  // Boulangerie › pains
  "Baguette de tradition": { ingredients: "Farine de blé, eau, levain, sel." },
  "Pain de campagne au levain": {
    ingredients: "Farine de blé, farine de seigle, eau, levain, sel.",
  },
  "Pain de seigle noir": { ingredients: "Farine de seigle, eau, levain, sel." },
  "Pain complet": { ingredients: "Farine de blé complète, eau, levain, sel." },
  "Fougasse aux olives": {
    ingredients: "Farine de blé, eau, olives (15 %), huile d'olive, levure, sel.",
  },
  "Pain aux noix": { ingredients: "Farine de blé, noix (15 %), eau, levain, sel." },
  "Pain aux figues": { ingredients: "Farine de blé, figues séchées (20 %), eau, levain, sel." },
  "Pain aux céréales": {
    ingredients: "Farine de blé, graines de lin, de tournesol et de sésame, eau, levain, sel.",
  },
  "Pain d'épeautre": { ingredients: "Farine d'épeautre, eau, levain, sel." },
  // Viennoiseries
  "Croissant pur beurre": {
    ingredients: "Farine de blé, beurre (28 %), eau, sucre, levure, lait, sel.",
  },
  "Pain au chocolat": {
    ingredients:
      "Farine de blé, beurre (25 %), chocolat noir (12 %), eau, sucre, levure, lait, sel.",
  },
  "Pain aux raisins": {
    ingredients:
      "Farine de blé, beurre, crème pâtissière (lait, œufs, sucre), raisins secs (15 %), sucre, levure.",
  },
  "Chausson aux pommes": {
    ingredients: "Pâte feuilletée (farine de blé, beurre), compote de pommes (40 %), sucre, œufs.",
  },
  "Brioche feuilletée": {
    ingredients: "Farine de blé, beurre, œufs, sucre, lait, levure, sel.",
  },
  "Brioche Nanterre": { ingredients: "Farine de blé, œufs, beurre (20 %), sucre, levure, sel." },
  "Kouign-amann": { ingredients: "Farine de blé, beurre demi-sel (30 %), sucre, eau, levure." },
  "Cannelé bordelais": {
    ingredients: "Lait, sucre, farine de blé, œufs, beurre, rhum, vanille.",
  },
  "Pain au lait": { ingredients: "Farine de blé, lait (25 %), sucre, beurre, œufs, levure, sel." },
  // Pâtisseries
  "Éclair au chocolat": {
    ingredients:
      "Pâte à choux (farine de blé, beurre, œufs), crème pâtissière au chocolat (lait, œufs, sucre, chocolat), glaçage au chocolat.",
  },
  "Paris-Brest": {
    ingredients:
      "Pâte à choux (farine de blé, beurre, œufs), crème mousseline (lait, beurre, praliné noisette), amandes effilées.",
  },
  "Mille-feuille vanille": {
    ingredients:
      "Pâte feuilletée (farine de blé, beurre), crème pâtissière (lait, œufs, sucre, vanille), fondant.",
  },
  "Saint-Honoré": {
    ingredients:
      "Pâte feuilletée et choux (farine de blé, beurre, œufs), crème chiboust (lait, œufs, sucre, gélatine de bœuf), caramel.",
  },
  Opéra: {
    ingredients:
      "Biscuit joconde (amandes, œufs, farine de blé), crème au beurre au café, ganache (chocolat, crème).",
  },
  "Tarte au citron meringuée": {
    ingredients:
      "Pâte sablée (farine de blé, beurre, sucre, œufs), crème au citron (citron, œufs, sucre, beurre), meringue (blancs d'œufs, sucre).",
  },
  "Tarte aux fraises": {
    ingredients:
      "Pâte sablée (farine de blé, beurre, œufs), crème pâtissière (lait, œufs, sucre), fraises (40 %).",
  },
  "Tarte Tatin": {
    ingredients: "Pommes (65 %), pâte brisée (farine de blé, beurre), sucre, beurre.",
  },
  "Flan pâtissier": {
    ingredients: "Lait, œufs, sucre, pâte brisée (farine de blé, beurre), amidon de maïs, vanille.",
  },
  Fraisier: {
    ingredients:
      "Génoise (œufs, farine de blé, sucre), crème mousseline (lait, beurre, œufs), fraises (35 %), pâte d'amandes.",
  },
  // Gâteaux de voyage
  "Cake au citron": {
    ingredients: "Farine de blé, beurre, sucre, œufs, citron (10 %), poudre à lever.",
  },
  "Cake marbré": { ingredients: "Farine de blé, beurre, sucre, œufs, cacao, poudre à lever." },
  "Quatre-quarts breton": { ingredients: "Beurre demi-sel, sucre, œufs, farine de blé." },
  "Pain d'épices au miel": {
    ingredients: "Farine de seigle, miel (40 %), sucre, épices, poudre à lever.",
  },
  Madeleines: {
    ingredients: "Farine de blé, sucre, œufs, beurre (20 %), miel, poudre à lever.",
  },
  "Financiers aux amandes": {
    ingredients: "Blancs d'œufs, sucre, poudre d'amandes (20 %), beurre noisette, farine de blé.",
  },
  Canelés: { ingredients: "Lait, sucre, farine de blé, œufs, beurre, rhum, vanille." },
  "Macarons pistache": {
    ingredients:
      "Poudre d'amandes, sucre, blancs d'œufs, ganache (chocolat blanc, crème, pistaches).",
  },
  "Macarons framboise": {
    ingredients: "Poudre d'amandes, sucre, blancs d'œufs, confiture de framboises.",
  },
  "Sablés diamant": {
    ingredients: "Farine de blé, beurre (30 %), sucre, jaunes d'œufs, vanille.",
  },
};

/**
 * What a qualifier adds to the list ("Chocolat au lait noisettes entières" holds hazelnuts);
 * a qualifier not listed adds nothing (a vintage, an age, a format).
 */
export const QUALIFIER_INGREDIENTS: Readonly<Record<string, string>> = {
  "noisettes entières": "noisettes entières (15 %)",
  "fleur de sel": "fleur de sel",
  "aux noisettes": "noisettes (8 %)",
  "à la truffe": "truffe noire (2 %)",
  truffé: "truffe noire (3 %)",
  "aux figues": "figues (10 %)",
  "au poivre vert": "poivre vert",
  "aux herbes": "herbes de Provence",
  "à la vanille": "sucre, vanille",
  "au chocolat": "chocolat noir (pâte de cacao, sucre, beurre de cacao)",
  "au chocolat noir": "chocolat noir (pâte de cacao, sucre, beurre de cacao)",
  "au chocolat au lait": "chocolat au lait (sucre, beurre de cacao, lait entier en poudre)",
  "à la fleur d'oranger": "eau de fleur d'oranger",
  "au miel": "miel",
  "au cognac": "cognac",
  "à la châtaigne": "châtaignes (10 %)",
  "aux agrumes": "zestes d'agrumes",
  "et sa purée maison": "purée de pommes de terre (pommes de terre, lait, beurre)",
  "au citron": "citron",
  "à la tomate": "tomates",
  "au piment d'Espelette": "piment d'Espelette",
  "aux olives de Nyons": "olives de Nyons",
  "à l'estragon": "estragon",
  "au cassis": "cassis",
  "au vin blanc": "vin blanc",
  "au sel de Guérande": "sel de Guérande",
  "citron vert": "citron vert",
  "à l'aneth": "aneth",
  "aux herbes fraîches": "herbes fraîches",
  "marinées aux herbes": "herbes de Provence",
  "à la vanille de Madagascar": "vanille de Madagascar",
  "au calvados": "calvados",
};
