export type ContentEncoding = 'br' | 'gzip';

/** Ours, in the order we prefer them when the client likes several equally. */
const SUPPORTED: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer an Accept-Encoding header with, or null for identity. Honours q-values (`gzip;q=0`
 * refuses gzip) and `*`.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  // Browsers send a handful of distinct headers: remember the answers (bounded, in case a client varies it).
  let answer = remembered.get(acceptEncoding);
  if (answer === undefined) {
    if (remembered.size >= 100) remembered.clear();
    remembered.set(acceptEncoding, (answer = parse(acceptEncoding)));
  }
  return answer;
}

const remembered = new Map<string, ContentEncoding | null>();

function parse(acceptEncoding: string): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of SUPPORTED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}
