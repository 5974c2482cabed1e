/** Text or an attribute value as HTML: the five characters that could end it, as numeric references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
