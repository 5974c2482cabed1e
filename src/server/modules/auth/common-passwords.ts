const COMMON_COUNT = 10_000;
let common: Promise<Set<string>> | undefined;

/** The list (about 15 MB in memory with its package) loads on the first password check, not at start. */
function loadCommonPasswords(): Promise<Set<string>> {
  return (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_COUNT)),
  ));
}

/** True for one of the 10,000 most common passwords (compared case-insensitively, as the list is lower case). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
