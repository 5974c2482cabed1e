import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Owner-only: password hashes and sessions live in these files. */
const OTHERS_BITS = 0o077;

/**
 * Creates `dir` with mode 0700, or takes away every group and other permission from an existing one and from
 * everything beneath it (files written by an older version, or under a looser umask). Symbolic links are left
 * alone: their own mode means nothing, and what they point to is not ours.
 */
export function makePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(target: string): void {
  const info = lstatSync(target);
  if (info.isSymbolicLink()) return;
  const mode = info.mode & 0o7777;
  const wanted = info.isDirectory() ? (mode & ~OTHERS_BITS) | 0o700 : mode & ~OTHERS_BITS;
  if (wanted !== mode) chmodSync(target, wanted);
  if (info.isDirectory()) for (const entry of readdirSync(target)) tighten(path.join(target, entry));
}
