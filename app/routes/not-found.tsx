import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";

export function loader() {
  throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
