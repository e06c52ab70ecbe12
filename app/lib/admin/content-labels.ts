import type { EntityStatus } from "#platform/content/index.ts";
import { formatDateTime } from "#platform/format.ts";

/**
 * How the content screens name an entry's or asset's state, as Contentful's web app does (in
 * French), and the list's sort orders.
 */
export const STATUS_LABELS: Record<EntityStatus, string> = {
  draft: "Brouillon",
  published: "Publié",
  changed: "Modifié depuis la publication",
  archived: "Archivé",
};

export const STATUS_BADGE: Record<EntityStatus, string> = {
  draft: "",
  published: "admin-badge--ok",
  changed: "",
  archived: "admin-badge--off",
};

/**
 * The content types as the office names them. The model keeps Contentful's (English) names, which
 * its clients read; the screens speak French. A type missing here shows its model name.
 */
const TYPE_LABELS: Record<string, string> = {
  main_menu: "Menu principal",
  menu_item: "Élément de menu",
  footer: "Pied de page",
  reassurance_item: "Argument de réassurance",
  link_menu: "Menu de liens",
  social_link: "Réseau social",
  pageCategorie: "Catégorie principale",
  subCategory: "Sous-catégorie",
  pageMarque: "Marque",
  pageArtisan: "Artisan",
  product: "Fiche produit",
  product_status_text: "Texte de disponibilité",
  cms: "Page de contenu",
  errorPage: "Page d'erreur",
  page_faq: "Page FAQ",
  faq_category: "Catégorie de la FAQ",
  faq_question: "Question de la FAQ",
  blog_category: "Catégorie du blog",
  blogpost: "Article de blog",
  shop_page: "Page magasin",
  homepage: "Page d'accueil",
  callToAction: "Appel à l'action",
  banner: "Bannière",
  carousel: "Carrousel",
};

export const typeLabel = (type: { id: string; name: string }) => TYPE_LABELS[type.id] ?? type.name;

export const ENTRY_ORDERS = {
  "-updatedAt": "Dernière modification d'abord",
  updatedAt: "Plus ancienne modification d'abord",
  title: "Titre (A → Z)",
  "-title": "Titre (Z → A)",
  "-createdAt": "Création la plus récente d'abord",
} as const;

export type EntryOrder = keyof typeof ENTRY_ORDERS;

export const isStatus = (value: string): value is EntityStatus => value in STATUS_LABELS;
export const isEntryOrder = (value: string): value is EntryOrder => value in ENTRY_ORDERS;

/** A moment as the office reads it: `3 décembre 2026 à 10h00` (Paris time). */
export const parisDateTime = (date: Date) => formatDateTime(date);

/** The title an editor knows an entry by: its type's display field, else its id. */
export function entryTitle(
  fields: Record<string, unknown>,
  displayField: string | undefined,
  id: string,
): string {
  const value = displayField ? fields[displayField] : (fields.title ?? fields.name);
  return typeof value === "string" && value.trim() !== "" ? value : `Sans titre (${id})`;
}

/**
 * The fields as the office names them, by their model name (a field id may be named differently
 * in two types: `image` is a Portrait on an artisan). A name missing here shows as it is.
 */
const FIELD_LABELS: Record<string, string> = {
  Title: "Titre",
  Items: "Éléments",
  Label: "Libellé",
  "Internal link": "Lien interne",
  "External link": "Lien externe",
  "Title colour": "Couleur du titre",
  Categories: "Catégories",
  Links: "Liens",
  Children: "Sous-éléments",
  "Parent category": "Catégorie parente",
  Push: "Mise en avant",
  "E-commerce": "E-commerce",
  "Reassurance items": "Arguments de réassurance",
  "Link menus": "Menus de liens",
  "Social links": "Réseaux sociaux",
  "Seasonal pages": "Pages saisonnières",
  "Legal text": "Mentions légales",
  "Health disclaimer": "Avertissement santé",
  "Alcohol disclaimer": "Avertissement alcool",
  Copyright: "Copyright",
  Text: "Texte",
  Icon: "Icône",
  Network: "Réseau",
  URL: "Adresse (URL)",
  Slug: "Slug (adresse)",
  Description: "Description",
  Image: "Image",
  "Sub-categories": "Sous-catégories",
  "Selected products": "Produits sélectionnés",
  Archived: "Archivée",
  "Archived text": "Texte d'archive",
  "Merchandising products": "Produits mis en avant",
  "SEO title": "Titre SEO",
  "SEO description": "Description SEO",
  "Parent sub-category": "Sous-catégorie parente",
  Merchandising: "Mise en avant de produits",
  Name: "Nom",
  Artisan: "Artisan",
  Region: "Région",
  Quote: "Citation",
  Story: "Histoire",
  Portrait: "Portrait",
  "Workshop pictures": "Photos de l'atelier",
  Brand: "Marque",
  Manufacturer: "Fabricant",
  Diets: "Régimes",
  Allergens: "Allergènes",
  Labels: "Labels",
  Images: "Images",
  "Short description": "Description courte",
  "Price before discount": "Prix avant remise",
  Province: "Province",
  "Ordering content": "Contenu de commande (restauration)",
  Tags: "Étiquettes",
  "Products in bundle": "Produits du coffret",
  Status: "État",
  Body: "Corps du texte",
  "Status code": "Code d'erreur",
  Message: "Message",
  Introduction: "Introduction",
  Questions: "Questions",
  Question: "Question",
  Answer: "Réponse",
  Category: "Catégorie",
  Author: "Auteur",
  Excerpt: "Extrait",
  "Publish date": "Date de publication",
  "Related entries": "Articles liés",
  Address: "Adresse",
  Phone: "Téléphone",
  Email: "E-mail",
  "Opening hours": "Horaires d'ouverture",
  Access: "Accès",
  "Map coordinates": "Coordonnées sur la carte",
  Blocks: "Blocs",
  "Button label": "Libellé du bouton",
  Subtitle: "Sous-titre",
  "Mobile image": "Image pour mobile",
  Layout: "Mise en page",
  Kind: "Type de carrousel",
  Products: "Produits",
  "Commerce collection handle": "Collection du catalogue (handle)",
};

export const fieldLabel = (field: { name: string }) => FIELD_LABELS[field.name] ?? field.name;
