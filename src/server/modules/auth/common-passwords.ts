import { dictionary } from '@zxcvbn-ts/language-common';

const COMMON_COUNT = 10_000;
let common: Set<string> | undefined;

/** True for one of the 10,000 most common passwords (compared case-insensitively, as the list is lower case). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_COUNT));
  return common.has(password.toLowerCase());
}
