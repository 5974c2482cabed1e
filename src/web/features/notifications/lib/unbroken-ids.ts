/** Params of a notification that name a delivery; they hold hyphens ("LF-7KQ2-M9XD") where a line may break. */
const ID_PARAMS = ['trackingId', 'deliveryId'] as const;

export type MessagePart = { text: string; isId: boolean };

/**
 * Splits a notification's text around the ids it names, so the page can keep each id on one line (a tracking id
 * broken at its hyphens reads as two ids). The text itself is unchanged: copying it copies the real id.
 */
export function splitAroundIds(message: string, params: Record<string, string | number>): MessagePart[] {
  const ids = ID_PARAMS.map((name) => params[name])
    .filter((value): value is string => typeof value === 'string' && value.length > 0)
    .sort((a, b) => b.length - a.length);
  if (ids.length === 0) return [{ text: message, isId: false }];
  const pattern = new RegExp(`(${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return message
    .split(pattern)
    .filter((text) => text !== '')
    .map((text) => ({ text, isId: ids.includes(text) }));
}
