/** Where Lanefreight delivers, and how far apart two points are by road (docs/decisions/043). */

export interface Point {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;

/**
 * Nigeria's extent, with a margin of a few kilometres. A box, not the border: it also holds slivers of Benin,
 * Niger, Chad and Cameroon, which is acceptable for a check that only has to refuse points nowhere near Nigeria.
 */
export const SERVICE_AREA = { minLat: 4.1, maxLat: 13.95, minLng: 2.6, maxLng: 14.75 } as const;

export function isInServiceArea({ lat, lng }: Point): boolean {
  return lat >= SERVICE_AREA.minLat && lat <= SERVICE_AREA.maxLat && lng >= SERVICE_AREA.minLng && lng <= SERVICE_AREA.maxLng;
}

export function greatCircleMeters(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The great-circle distance times the road factor, rounded up to the next 100 m (integer metres). */
export function roadDistanceMeters(a: Point, b: Point, roadFactor: number): number {
  const meters = greatCircleMeters(a, b) * roadFactor;
  // A hair under a whole 100 m is floating-point noise, not another 100 m.
  return Math.ceil(meters / 100 - 1e-9) * 100;
}
