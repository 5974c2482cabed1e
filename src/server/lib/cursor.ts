import { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * The opaque cursor of keyset paging (decision 049): the last row's sort key, as a JSON array in base64url.
 * Timestamps travel as PostgreSQL's own text (microseconds): a JavaScript Date keeps milliseconds, and a key
 * rounded to them would repeat or skip rows that share the millisecond.
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor carries, checked against its list's shape; INVALID_CURSOR (400) for anything else. */
export function decodeCursor<T extends z.ZodType>(cursor: string | undefined, shape: T): z.output<T> | null {
  if (cursor === undefined || cursor === '') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new AppError('INVALID_CURSOR');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('INVALID_CURSOR');
  }
  const parsed = shape.safeParse(value);
  if (!parsed.success) throw new AppError('INVALID_CURSOR');
  return parsed.data;
}

/** A timestamp key as the database wrote it (`created_at::text`): it must parse as an instant. */
export const cursorInstant = z
  .string()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(value));
export const cursorUuid = z.uuid();
export const cursorInt = z.number().int().min(0).max(2_147_483_647);
/** The usual key of a list newest first: created_at as stored, and the row's id. */
export const createdCursorShape = z.tuple([cursorInstant, cursorUuid]);

/**
 * The page and its cursor: `rows` holds up to `limit + 1` rows (the extra one only says that more follow), and the
 * cursor is the key of the last row shown.
 */
export function pageOf<R, I>(rows: readonly R[], limit: number, keyOf: (row: R) => readonly (string | number)[], toItem: (row: R) => I) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { items: shown.map(toItem), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
