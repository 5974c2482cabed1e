/** The token of an `Authorization: Bearer …` header, whatever the scheme's case (RFC 9110 §11.1); null without one. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header || header.length < 7 || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  return header.slice(7).trim() || null;
}
