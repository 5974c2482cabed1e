import { constants, inflateSync } from 'node:zlib';
import type { FileKind } from './uploads.js';

/**
 * Active content in an uploaded document: what makes a file that really is a PDF (or a JPEG, PNG, WebP) more than
 * a picture of paper. A polyglot carries HTML that a browser or an old MIME sniffer would run if it ever treated
 * the file as a page; a PDF can carry JavaScript, or actions that launch programs, that a PDF reader runs on open.
 * Partner documents with either are refused at upload (docs/decisions/045).
 *
 * Limits, on purpose: the check reads bytes, it does not render. HTML is looked for as raw tags (compressed HTML
 * is inert to a browser); PDF actions are looked for in the file's dictionaries and in its compressed object
 * streams, but not inside encrypted ones, which only the reader's password opens. Downloads are served as
 * attachments in a sandbox either way.
 */
export type ActiveContent =
  /** An HTML or SVG tag a browser would act on. */
  | 'html'
  /** A JavaScript action (`/S /JavaScript`, `/JS`) or document script (the `/JavaScript` name tree). */
  | 'pdf-javascript'
  /** A `/Launch` action: opens another program or file. */
  | 'pdf-launch'
  /** Additional actions (`/AA`): actions run on events (opening a page, focusing a field). */
  | 'pdf-additional-actions'
  /** An object stream the check cannot read (an unusual filter, a predictor, too large or broken). */
  | 'pdf-unreadable-object-stream';

/**
 * Tags searched for anywhere in the file: each is long enough (a `<`, four or more letters and a delimiter) that
 * compressed or image data, which is close to random, holds one by chance about once in 10^5 ten-megabyte files.
 */
const HTML_ANYWHERE =
  /<(?:!doctype\s+html|html|head|body|script|iframe|frame|frameset|object|embed|meta|style|link|title|form|base|applet)[\s/>]/i;
/**
 * Shorter tags, searched for only where MIME sniffers look (the first bytes) and where a polyglot's HTML usually
 * trails (the last bytes). None is a hex digit and a delimiter, so a PDF hex string (`<a1 b2>`) never looks like
 * one; one-letter tags (`<a `, `<p>`) would turn up by chance in the edges of about one image in a thousand.
 */
const HTML_AT_THE_EDGES = /<(?:svg|img|div|table|font|h1|br|!--)[\s/>]/i;
const EDGE_BYTES = 1024;

/** Names that make a PDF run something, looked for anywhere (in stream data too: objects can be placed inside it). */
const PDF_ACTION_NAMES_ANYWHERE: Record<string, ActiveContent> = { JavaScript: 'pdf-javascript', Launch: 'pdf-launch' };
/** Short names, looked for outside stream data only: in 10 MB of image data, `/JS ` turns up by chance. */
const PDF_ACTION_NAMES_IN_DICTIONARIES: Record<string, ActiveContent> = {
  ...PDF_ACTION_NAMES_ANYWHERE,
  JS: 'pdf-javascript',
  AA: 'pdf-additional-actions',
};

/** Object streams are inflated up to these sizes; a larger one is refused rather than read without bound. */
const OBJECT_STREAM_MAX_BYTES = 8 * 1024 * 1024;
const OBJECT_STREAMS_TOTAL_MAX_BYTES = 32 * 1024 * 1024;

/** PDF names: a slash and regular characters, which may be written as #hh (`/J#61vaScript` is `/JavaScript`). */
const NAME = /\/([^\s/<>[\]()%{}]*)/g;

function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
}

function findName(text: string, names: Record<string, ActiveContent>): ActiveContent | null {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]!);
    if (Object.hasOwn(names, name)) return names[name]!;
  }
  return null;
}

interface PdfStream {
  /** The object's text before the `stream` keyword (its dictionary). */
  dictionary: string;
  start: number;
  end: number;
}

/**
 * The stream data of a PDF, found by its keywords (`stream` EOL … `endstream`) rather than by `/Length`, which may
 * be an indirect object. Data that happens to hold `endstream` only makes more of the file count as dictionaries.
 */
function streamsOf(text: string): PdfStream[] {
  const streams: PdfStream[] = [];
  const keyword = /(?<!end)stream(?:\r\n|\n)/g;
  let match: RegExpExecArray | null;
  let previousEnd = 0;
  while ((match = keyword.exec(text))) {
    const start = match.index + match[0].length;
    const endIndex = text.indexOf('endstream', start);
    const end = endIndex === -1 ? text.length : endIndex;
    const objectStart = text.lastIndexOf('obj', match.index);
    streams.push({
      dictionary: text.slice(Math.max(previousEnd, objectStart === -1 ? 0 : objectStart), match.index),
      start,
      end,
    });
    previousEnd = end;
    keyword.lastIndex = end;
  }
  return streams;
}

function normalizedNames(dictionary: string): string {
  return dictionary.replace(NAME, (_, raw: string) => `/${decodeName(raw)}`);
}

/** The decoded data of an object stream, or null when this check cannot decode it. */
function objectStreamData(
  bytes: Buffer,
  stream: PdfStream,
  dictionary: string,
  budget: { left: number },
): Buffer | null {
  const data = bytes.subarray(stream.start, stream.end);
  if (/\/DecodeParms/.test(dictionary)) return null;
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()%{}]*)/.exec(dictionary)?.[1];
  const filters = filter ? (filter.match(/\/[^\s/<>[\]()%{}]*/g) ?? []) : [];
  if (filters.length === 0) return data;
  if (filters.length !== 1 || filters[0] !== '/FlateDecode') return null;
  try {
    const limit = Math.min(OBJECT_STREAM_MAX_BYTES, budget.left);
    // A cut-off stream gives what it holds, as readers do; past the limit, it is refused.
    const inflated = inflateSync(data, { maxOutputLength: Math.max(1, limit), finishFlush: constants.Z_SYNC_FLUSH });
    budget.left -= inflated.length;
    return inflated;
  } catch {
    return null;
  }
}

function findPdfActiveContent(bytes: Buffer, text: string): ActiveContent | null {
  const anywhere = findName(text, PDF_ACTION_NAMES_ANYWHERE);
  if (anywhere) return anywhere;

  const streams = streamsOf(text);
  let outside = '';
  let from = 0;
  for (const stream of streams) {
    outside += text.slice(from, stream.start);
    from = stream.end;
  }
  outside += text.slice(from);
  const inDictionaries = findName(outside, PDF_ACTION_NAMES_IN_DICTIONARIES);
  if (inDictionaries) return inDictionaries;

  // Encrypted object streams cannot be read without the document's key; their dictionaries are out of reach.
  if (/\/Encrypt\b/.test(normalizedNames(outside))) return null;
  const budget = { left: OBJECT_STREAMS_TOTAL_MAX_BYTES };
  for (const stream of streams) {
    const dictionary = normalizedNames(stream.dictionary);
    if (!/\/Type\s*\/ObjStm\b/.test(dictionary)) continue;
    const data = objectStreamData(bytes, stream, dictionary, budget);
    if (!data) return 'pdf-unreadable-object-stream';
    const found = findName(data.toString('latin1'), PDF_ACTION_NAMES_IN_DICTIONARIES);
    if (found) return found;
  }
  return null;
}

/** What active content `bytes` (already recognised as `kind`) carries; null for a plain document. */
export function findActiveContent(bytes: Buffer, kind: FileKind): ActiveContent | null {
  const text = bytes.toString('latin1');
  if (HTML_ANYWHERE.test(text)) return 'html';
  const head = text.slice(0, EDGE_BYTES);
  const tail = text.slice(-EDGE_BYTES);
  if (HTML_AT_THE_EDGES.test(head) || HTML_AT_THE_EDGES.test(tail)) return 'html';
  return kind === 'pdf' ? findPdfActiveContent(bytes, text) : null;
}
