#!/usr/bin/env node
// Checks scripts/gazetteer/areas.json, the hand-written list of well-known areas and landmarks
// of the places search. Run: node scripts/gazetteer/check-areas.mjs [path/to/areas.json]
// Exits 1 (and says why) when:
//  - an entry is malformed (name, kind "area" | "landmark", state, lga, finite lat/lng,
//    optional aliases: non-empty strings, none repeated, none equal to the name);
//  - its (state, lga) pair is not spelt exactly as in locations-ng/data/lgas.json;
//  - its point lies outside its state's bounding box, with 0.05 degrees of slack. The box is
//    locations-ng/data/states.json's, unless scripts/gazetteer/state-bounds.json overrides it
//    (that file corrects the states whose box in locations-ng is only the capital city's, e.g.
//    Oyo's box is Oyo town's and leaves out Ibadan; Lagos's leaves out Badagry and Epe);
//  - a (name, lga) pair repeats, names compared by their slug (as scripts/build-gazetteer.ts
//    makes ids: case, accents, apostrophes and punctuation ignored), so no two entries get one id;
//  - there are fewer than 300 entries;
//  - a point is not near one of the cities the list covers (catches swapped or mistyped
//    coordinates that still fall inside a large state box).
// It also prints the count per city (each entry counted with the nearest city).
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const areasPath = resolve(process.argv[2] ?? join(here, 'areas.json'));
const lgasPath = join(root, 'node_modules', 'locations-ng', 'data', 'lgas.json');
const statesPath = join(root, 'node_modules', 'locations-ng', 'data', 'states.json');
const overridesPath = join(here, 'state-bounds.json');

const SLACK = 0.05;
const MIN_ENTRIES = 300;
const KINDS = new Set(['area', 'landmark']);

/** The cities the list covers: centre and the radius (km) within which an entry counts as that city's. */
const CITIES = [
  { city: 'Lagos', lat: 6.52, lng: 3.38, km: 90 },
  { city: 'Abuja', lat: 9.06, lng: 7.45, km: 45 },
  { city: 'Kano', lat: 12.0, lng: 8.52, km: 25 },
  { city: 'Ibadan', lat: 7.39, lng: 3.9, km: 25 },
  { city: 'Port Harcourt', lat: 4.82, lng: 7.02, km: 35 },
  { city: 'Aba', lat: 5.11, lng: 7.36, km: 15 },
  { city: 'Onitsha', lat: 6.145, lng: 6.79, km: 15 },
  { city: 'Benin City', lat: 6.34, lng: 5.62, km: 20 },
  { city: 'Kaduna', lat: 10.52, lng: 7.44, km: 30 },
  { city: 'Enugu', lat: 6.45, lng: 7.51, km: 20 },
  { city: 'Jos', lat: 9.9, lng: 8.88, km: 35 },
  { city: 'Abeokuta', lat: 7.15, lng: 3.35, km: 20 },
  { city: 'Warri', lat: 5.54, lng: 5.77, km: 20 },
  { city: 'Calabar', lat: 4.96, lng: 8.33, km: 15 },
  { city: 'Ilorin', lat: 8.49, lng: 4.56, km: 20 },
];

function slug(text) {
  return String(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2019\u2018`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

function km(aLat, aLng, bLat, bLng) {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const errors = [];
const fail = (msg) => errors.push(msg);

const areas = readJson(areasPath);
const lgaRows = readJson(lgasPath);
const stateRows = readJson(statesPath);
const overrides = existsSync(overridesPath) ? (readJson(overridesPath).overrides ?? {}) : {};

const lgasByState = new Map(lgaRows.map((r) => [r.state, new Set(r.lgas)]));
const boxByState = new Map();
for (const s of stateRows) boxByState.set(s.name, { ...s, source: 'locations-ng' });
for (const [name, box] of Object.entries(overrides)) boxByState.set(name, { ...box, source: 'state-bounds.json' });

if (!Array.isArray(areas)) {
  console.error(`${areasPath}: not a JSON array`);
  process.exit(1);
}
if (areas.length < MIN_ENTRIES) fail(`only ${areas.length} entries; at least ${MIN_ENTRIES} are required`);

const seen = new Map();
const perCity = new Map(CITIES.map((c) => [c.city, { area: 0, landmark: 0 }]));

areas.forEach((e, i) => {
  const at = `#${i} ${JSON.stringify(e?.name)}`;
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return fail(`${at}: not an object`);
  const allowed = new Set(['name', 'kind', 'state', 'lga', 'lat', 'lng', 'aliases']);
  for (const k of Object.keys(e)) if (!allowed.has(k)) fail(`${at}: unexpected field "${k}"`);
  for (const k of ['name', 'state', 'lga']) {
    if (typeof e[k] !== 'string' || e[k].trim() === '' || e[k] !== e[k].trim())
      fail(`${at}: ${k} must be a trimmed non-empty string`);
  }
  if (!KINDS.has(e.kind)) fail(`${at}: kind must be "area" or "landmark", got ${JSON.stringify(e.kind)}`);
  for (const k of ['lat', 'lng']) {
    if (typeof e[k] !== 'number' || !Number.isFinite(e[k])) fail(`${at}: ${k} must be a finite number`);
    else if (Math.abs(e[k] * 1e4 - Math.round(e[k] * 1e4)) > 1e-6) fail(`${at}: ${k} has more than 4 decimals`);
  }
  if (e.aliases !== undefined) {
    if (!Array.isArray(e.aliases) || e.aliases.length === 0)
      fail(`${at}: aliases, when present, must be a non-empty array`);
    else {
      const names = new Set([String(e.name).toLowerCase()]);
      for (const a of e.aliases) {
        if (typeof a !== 'string' || a.trim() === '' || a !== a.trim())
          fail(`${at}: alias ${JSON.stringify(a)} must be a trimmed non-empty string`);
        else if (names.has(a.toLowerCase())) fail(`${at}: alias "${a}" repeats the name or another alias`);
        else names.add(a.toLowerCase());
      }
    }
  }

  // (state, lga) exactly as locations-ng spells them.
  const lgas = lgasByState.get(e.state);
  if (!lgas) fail(`${at}: state "${e.state}" is not a state of locations-ng/data/lgas.json`);
  else if (!lgas.has(e.lga)) {
    const near = [...lgas].find((l) => l.toLowerCase() === String(e.lga).toLowerCase());
    fail(
      `${at}: lga "${e.lga}" is not an LGA of ${e.state} in locations-ng` + (near ? ` (did you mean "${near}"?)` : ''),
    );
  }

  // Inside the state's box.
  const box = boxByState.get(e.state);
  if (!box) fail(`${at}: state "${e.state}" has no bounding box in locations-ng/data/states.json`);
  else if (Number.isFinite(e.lat) && Number.isFinite(e.lng)) {
    const inside =
      e.lat >= box.minLat - SLACK &&
      e.lat <= box.maxLat + SLACK &&
      e.lng >= box.minLong - SLACK &&
      e.lng <= box.maxLong + SLACK;
    if (!inside) {
      fail(
        `${at}: (${e.lat}, ${e.lng}) lies outside ${e.state}'s box from ${box.source} ` +
          `[${box.minLat}..${box.maxLat} N, ${box.minLong}..${box.maxLong} E] (+${SLACK} deg slack)`,
      );
    }
  }

  // (name, lga) unique.
  const key = `${slug(e.name)}\u0000${String(e.lga).toLowerCase()}`;
  if (seen.has(key)) fail(`${at}: (name, lga) = ("${e.name}", "${e.lga}") repeats entry #${seen.get(key)}`);
  else seen.set(key, i);

  // Near one of the covered cities.
  if (Number.isFinite(e.lat) && Number.isFinite(e.lng)) {
    let best = null;
    for (const c of CITIES) {
      const d = km(e.lat, e.lng, c.lat, c.lng);
      if (!best || d < best.d) best = { c, d };
    }
    if (best.d > best.c.km)
      fail(`${at}: ${best.d.toFixed(0)} km from ${best.c.city}, the nearest covered city (allowed ${best.c.km} km)`);
    else if (KINDS.has(e.kind)) perCity.get(best.c.city)[e.kind] += 1;
  }
});

console.log('city            areas landmarks total');
let total = 0;
for (const [city, n] of perCity) {
  total += n.area + n.landmark;
  console.log(
    `${city.padEnd(15)} ${String(n.area).padStart(5)} ${String(n.landmark).padStart(9)} ${String(n.area + n.landmark).padStart(5)}`,
  );
}
console.log(
  `${'all'.padEnd(15)} ${''.padStart(5)} ${''.padStart(9)} ${String(total).padStart(5)} (of ${areas.length} entries)`,
);

if (errors.length) {
  console.error(`\n${errors.length} problem(s) in ${areasPath}:`);
  for (const m of errors) console.error('  - ' + m);
  process.exit(1);
}
console.log(`\nOK: ${areas.length} entries in ${areasPath}`);
