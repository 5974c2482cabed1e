/** A letter with its accents (Yoruba's Ọ̀, say, is a letter and a combining mark). */
const FIRST_LETTER = /\p{L}\p{M}*/u;

/**
 * An avatar's initials: the first letters of the first and last words that have one, upper-cased. Words of emoji,
 * digits or signs are passed over, so "🚚 Ada Obi" is "AO"; a name with no letter at all gives "".
 */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => FIRST_LETTER.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const chosen = letters.length > 1 ? [letters[0]!, letters[letters.length - 1]!] : letters;
  return chosen.map((letter) => letter.toLocaleUpperCase()).join('');
}
