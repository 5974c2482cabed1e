import { readFileSync } from 'node:fs';
import type { PlaceKind } from '../../../shared/schemas/places.js';

/** One place of the gazetteer as shipped (scripts/build-gazetteer.ts writes gazetteer.json; decision 043). */
export interface GazetteerEntry {
  id: string;
  name: string;
  kind: PlaceKind;
  lga: string | null;
  state: string;
  lat: number;
  lng: number;
  aliases: string[];
}

/** Nigeria's states, LGAs, areas and landmarks, read once: about a thousand entries, a few hundred kilobytes. */
export function loadGazetteer(): GazetteerEntry[] {
  return JSON.parse(readFileSync(new URL('./gazetteer.json', import.meta.url), 'utf8')) as GazetteerEntry[];
}
