import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Comptoir — épicerie fine en ligne" },
  {
    name: "description",
    content:
      "Épicerie fine, cave, fromagerie et traiteur d'un grand magasin parisien, livrés chez vous ou à retirer en boutique.",
  },
];

export default function Home() {
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <h1 id="home-title">Bienvenue au Comptoir</h1>
      <p>
        Épicerie fine, cave, fromagerie et traiteur : le meilleur de la table française, livré chez
        vous ou à retirer en boutique.
      </p>
    </section>
  );
}
