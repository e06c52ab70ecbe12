import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // The admin area (ordering-and-server.md §2): its own layout, staff sign-in first.
  ...prefix("middleware", [
    route("login", "routes/middleware/login.tsx"),
    layout("routes/middleware/layout.tsx", [
      index("routes/middleware/index.tsx"),
      route("dashboard", "routes/middleware/dashboard.tsx"),
      route("algolia", "routes/middleware/algolia.tsx"),
      route("purge", "routes/middleware/purge.tsx"),
      route("products-maj-log", "routes/middleware/products-maj-log.tsx"),
      route("logout", "routes/middleware/logout.tsx"),
      route("products", "routes/middleware/products.tsx"),
      route("products/:slug", "routes/middleware/products.$slug.tsx"),
      route("product-price", "routes/middleware/product-price.tsx"),
      route("images", "routes/middleware/images.tsx"),
      route("export-flux-produit", "routes/middleware/export-flux-produit.tsx"),
      route("export-flux-produit/:file", "routes/middleware/export-flux-produit.$file.tsx"),
      route("odp-list", "routes/middleware/odp-list.tsx"),
      route("odp", "routes/middleware/odp.tsx"),
      route("*", "routes/middleware/unknown.tsx"),
    ]),
  ]),
  // Catalogue browsing (storefront.md §2).
  route("p/:slug", "routes/product.tsx"),
  route("c/:slug/:subcat?/:subsubcat?", "routes/category.tsx"),
  route("m/:handle", "routes/brand.tsx"),
  route("nos-marques", "routes/brands.tsx"),
  route("nos-artisans", "routes/artisans.tsx"),
  route("nos-artisans/c", "routes/artisans-categories.tsx"),
  route("nos-artisans/c/:category", "routes/artisans-category.tsx"),
  route("search", "routes/search.tsx"),
  // Anything no other route claims: the 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
