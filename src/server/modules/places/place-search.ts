import { PLACES_SEARCH_LIMIT, type Place } from '../../../shared/schemas/places.js';
import type { GazetteerEntry } from './gazetteer.js';

/** Lower case, no diacritics, punctuation as spaces: "Ọjà Ọba," and "oja oba" are one text. */
export function normalizePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Edits (insert, delete, substitute, swap two neighbours) between a and b, or limit + 1 once past the limit. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Typos forgiven in a word of this length: none in short words, where one letter makes another word. */
function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** How many recent searches are answered from memory. */
const RECENT_SEARCHES = 2_000;
const EXACT_NAME = 1000;
const NAME_PREFIX = 800;
const WORDS = 100;
/** Equal scores: the broader place first ("Kano" the state before a market of that name). */
const KIND_ORDER = { state: 0, city: 1, lga: 2, area: 3, landmark: 4 } as const;
/** How a typed word matches a word of a name. */
const EXACT_WORD = 3;
const PREFIX_WORD = 2;
const TYPO_WORD = 1;

interface IndexedName {
  text: string;
  /** Its words, as indexes into the vocabulary. */
  words: number[];
}

interface IndexedPlace {
  place: Place;
  names: IndexedName[];
}

/**
 * How well a typed word matches each word of the vocabulary that it matches at all: exactly, as its beginning
 * (only the word being typed, the last), or with a small typo. A typo never touches the first letter: what people
 * mistype is inside a word, and the rule keeps the search from comparing against every word.
 */
function matchWord(vocabulary: readonly string[], word: string, isLast: boolean, allowTypos: boolean): Map<number, number> {
  const matches = new Map<number, number>();
  const limit = allowTypos ? typosAllowed(word.length) : 0;
  for (let id = 0; id < vocabulary.length; id++) {
    const candidate = vocabulary[id]!;
    if (candidate.charCodeAt(0) !== word.charCodeAt(0)) continue;
    if (candidate === word) matches.set(id, EXACT_WORD);
    else if (isLast && candidate.startsWith(word)) matches.set(id, PREFIX_WORD);
    else if (limit > 0) {
      const compared = isLast && candidate.length > word.length ? candidate.slice(0, word.length) : candidate;
      if (editDistance(word, compared, limit) <= limit) matches.set(id, TYPO_WORD);
    }
  }
  return matches;
}

/**
 * How well a name answers a query: the whole name, its beginning, or each typed word matched to a distinct word of
 * the name. 0: no match.
 */
function scoreName(name: IndexedName, query: string, wordMatches: readonly Map<number, number>[]): number {
  if (name.text === query) return EXACT_NAME;
  if (name.text.startsWith(query)) return NAME_PREFIX - name.text.length / 100;
  const used = new Set<number>();
  let points = 0;
  for (const matches of wordMatches) {
    let best = 0;
    let bestAt = -1;
    for (const [at, word] of name.words.entries()) {
      const score = used.has(at) ? 0 : (matches.get(word) ?? 0);
      if (score > best) {
        best = score;
        bestAt = at;
      }
    }
    if (best === 0) return 0;
    used.add(bestAt);
    points += best;
  }
  // Fewer words left unmatched is the closer name.
  return WORDS + points * 10 - (name.words.length - wordMatches.length);
}

/**
 * The gazetteer, indexed by word: a search matches each typed word against the vocabulary once (a few thousand
 * words), then scores only the places that have a word matching the first.
 */
export function createPlaceIndex(entries: readonly GazetteerEntry[]) {
  const vocabulary: string[] = [];
  const wordIds = new Map<string, number>();
  /** Word id → the places with a name holding it. */
  const placesWith: IndexedPlace[][] = [];
  const indexed: IndexedPlace[] = entries.map((entry) => ({
    place: { id: entry.id, name: entry.name, kind: entry.kind, lga: entry.lga, state: entry.state, lat: entry.lat, lng: entry.lng },
    names: [],
  }));
  for (const [i, entry] of entries.entries()) {
    const place = indexed[i]!;
    for (const name of [entry.name, ...entry.aliases]) {
      const text = normalizePlaceText(name);
      const words = text.split(' ').map((word) => {
        let id = wordIds.get(word);
        if (id === undefined) {
          id = vocabulary.push(word) - 1;
          wordIds.set(word, id);
          placesWith.push([]);
        }
        const holders = placesWith[id]!;
        if (holders.at(-1) !== place) holders.push(place);
        return id;
      });
      place.names.push({ text, words });
    }
  }
  const byId = new Map(indexed.map((entry) => [entry.place.id, entry.place]));

  function ranked(text: string, allowTypos: boolean): { place: Place; score: number }[] {
    const query = normalizePlaceText(text);
    if (!query) return [];
    const words = query.split(' ');
    const wordMatches = words.map((word, i) => matchWord(vocabulary, word, i === words.length - 1, allowTypos));
    const candidates = new Set<IndexedPlace>();
    for (const id of wordMatches[0]!.keys()) for (const place of placesWith[id]!) candidates.add(place);
    const found: { place: Place; score: number }[] = [];
    for (const entry of candidates) {
      let score = 0;
      for (const name of entry.names) score = Math.max(score, scoreName(name, query, wordMatches));
      if (score > 0) found.push({ place: entry.place, score });
    }
    return found.sort(
      (a, b) => b.score - a.score || KIND_ORDER[a.place.kind] - KIND_ORDER[b.place.kind] || (a.place.name < b.place.name ? -1 : 1),
    );
  }

  // What people type repeats (every search for Lekki starts "l", "le", "lek"): recent answers are kept, the
  // least recently asked dropped first. The gazetteer never changes while the server runs.
  const recent = new Map<string, Place[]>();

  return {
    size: indexed.length,

    /** The best matches first, at most 20. */
    search(text: string, limit = PLACES_SEARCH_LIMIT): Place[] {
      const key = `${limit}:${normalizePlaceText(text)}`;
      const known = recent.get(key);
      if (known) {
        recent.delete(key);
        recent.set(key, known);
        return known;
      }
      const places = ranked(text, true)
        .slice(0, limit)
        .map((found) => found.place);
      if (recent.size >= RECENT_SEARCHES) recent.delete(recent.keys().next().value!);
      recent.set(key, places);
      return places;
    },

    find: (id: string): Place | null => byId.get(id) ?? null,

    /**
     * The place a typed address names ("12 Marina Road, Lagos Island"): the first comma-separated part that
     * matches a place with every word, without typos, so a street name never passes for a town.
     */
    resolveText(text: string): Place | null {
      for (const part of text.split(',')) {
        const [best] = ranked(part, false);
        if (best && best.score >= WORDS) return best.place;
      }
      return null;
    },
  };
}
export type PlaceIndex = ReturnType<typeof createPlaceIndex>;
