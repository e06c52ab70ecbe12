/**
 * Distances on the Earth: how far a delivery address is from its store (the ordering service's
 * radius zones) and which pickup store is nearest a shopper (the Storefront API's `locations`).
 */

/** Great-circle distance (haversine) between two points, in metres. */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(lat2 - lat1);
  const dLng = radians(lng2 - lng1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}
