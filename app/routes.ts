import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Anything no other route claims: the 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
