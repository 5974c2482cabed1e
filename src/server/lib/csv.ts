/**
 * Reading CSV (RFC 4180) from an upload: UTF-8 only (a byte-order mark is dropped), comma-separated, cells quoted with
 * `"` where they hold commas, quotes (doubled) or line breaks; CRLF, LF or CR between records. Bounded: it stops at
 * `maxRecords`. A quote out of place spoils its record only; a quote never closed spoils the file from there.
 */

export interface CsvRecord {
  /** 1-based, counted in records (the spreadsheet's row number), not in text lines. */
  row: number;
  cells: string[];
  /** The first cell (0-based) where a quote was out of place, when one was. */
  malformedAt: number | null;
}

export type CsvReadFailure =
  | { kind: 'not_utf8'; row: number }
  | { kind: 'unterminated_quote'; row: number; cell: number }
  | { kind: 'too_many_records'; maxRecords: number };

export class CsvReadError extends Error {
  constructor(readonly failure: CsvReadFailure) {
    super(`CSV unreadable: ${failure.kind}`);
    this.name = 'CsvReadError';
  }
}

const BOM = '\uFEFF';

/** The text of a UTF-8 file, without its byte-order mark; CsvReadError naming the first line that is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    const text = decoder.decode(bytes);
    return text.startsWith(BOM) ? text.slice(1) : text;
  } catch {
    // A line feed byte is never part of a multi-byte character: each line can be checked on its own.
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        break;
      }
      line++;
      start = i + 1;
    }
    throw new CsvReadError({ kind: 'not_utf8', row: line });
  }
}

/** The records of a CSV text, at most `maxRecords` (CsvReadError beyond), records with no text left out. */
export function parseCsv(text: string, maxRecords: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let malformedAt: number | null = null;
  let row = 1;
  let i = 0;
  const length = text.length;

  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') {
      if (records.length >= maxRecords) throw new CsvReadError({ kind: 'too_many_records', maxRecords });
      records.push({ row, cells, malformedAt });
    }
    row++;
    cells = [];
    cell = '';
    malformedAt = null;
  };
  const markMalformed = () => {
    malformedAt ??= cells.length;
  };

  while (i < length) {
    const char = text[i]!;
    if (char === '"' && cell === '') {
      // A quoted cell: up to the quote that is not doubled.
      const openedAt = cells.length;
      i++;
      let closed = false;
      while (i < length) {
        const inside = text[i]!;
        if (inside === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          closed = true;
          break;
        }
        cell += inside;
        i++;
      }
      if (!closed) throw new CsvReadError({ kind: 'unterminated_quote', row, cell: openedAt });
      // Anything but a separator after the closing quote is out of place; it is kept, the row marked.
      while (i < length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
        markMalformed();
        cell += text[i];
        i++;
      }
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      i++;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      if (char === '"') markMalformed();
      cell += char;
      i++;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/**
 * A cell a spreadsheet would run as a formula: `=`, `+`, `-` or `@` first, also after spaces or tabs (OWASP's CSV
 * injection). A signed number or phone number (digits and `+-.() `, no letters) computes nothing harmful and is
 * allowed, so "+2348031234567" stays a phone number.
 */
export function isFormulaCell(value: string): boolean {
  const start = value.replace(/^[ \t\r\n]+/, '');
  if (!/^[=+\-@]/.test(start)) return false;
  return !/^[+-][\d\s().-]*$/.test(start);
}

/**
 * A cell as its author meant it: the apostrophe that csvCell (and spreadsheets) put before a leading =, +, -, @, tab
 * or carriage return to keep it text is dropped, so a file we wrote reads back as written ("'+234…" is "+234…").
 */
export function unescapeCsvText(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * A cell written to a CSV: quoted, quotes doubled, and text a spreadsheet would run as a formula (=, +, -, @, a tab or
 * a carriage return first) kept as text with a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;
