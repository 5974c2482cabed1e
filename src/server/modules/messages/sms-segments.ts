/**
 * How many SMS a text costs (3GPP TS 23.038). A text made only of the GSM 7-bit alphabet goes as GSM-7: 160
 * characters in one SMS, 153 per part once split (the concatenation header takes the rest); the extension table's
 * characters count twice (an escape first). Any other character (ọ, ẹ, ƙ, ị, ã, ó…) sends the whole text as
 * UCS-2: 70 UTF-16 units in one SMS, 67 per part. Yoruba's tone marks are combining characters: one more unit each.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export interface SmsSize {
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** The text as it will be sent: NFC, so a letter with a mark that has a precomposed form takes one unit. */
export function smsText(text: string): string {
  return text.normalize('NFC');
}

export function countSmsSegments(text: string): SmsSize {
  const normalized = smsText(text);
  const characters = [...normalized];
  if (characters.every((c) => BASIC.has(c) || EXTENSION.has(c))) {
    const units = characters.reduce((sum, c) => sum + (EXTENSION.has(c) ? 2 : 1), 0);
    return { encoding: 'gsm7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = normalized.length;
  return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
