/** A screen the admin area does not have (ordering-and-server.md §8: 'Unknown middleware', 500). */
export function loader() {
  throw new Response("Unknown middleware", { status: 500 });
}

export default function UnknownScreen() {
  return null;
}
