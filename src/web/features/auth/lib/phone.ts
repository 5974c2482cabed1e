/**
 * The registration payload's phone number: a plus sign, the country's dial code, then the typed number.
 * A national trunk "0" (08031234567 in Nigeria) is dropped first; Italy keeps its leading zero. A number
 * typed with its own "+" is taken as already international. The server validates and stores E.164.
 */
export function toInternationalNumber(dial: string, typed: string, countryCode: string): string {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  return `${dial}${countryCode === 'IT' ? digits : digits.replace(/^0+/, '')}`;
}
