import {
  DOCUMENT_MIME_TYPES,
  DOCUMENT_RULES,
  PARTNER_MESSAGE_KEYS,
  PHOTO_MIME_TYPES,
  type DocumentKind,
  type DocumentRule,
  type PartnerType,
} from '@/shared/schemas/partners';
import { DOCUMENT_MAX_BYTES } from '@/shared/upload-limits';
import { intlLocales } from '@/shared/i18n';

export type ChosenDocuments = Partial<Record<DocumentKind, File[]>>;

/** What the file input offers; the server checks the content itself. */
export const acceptOf = (rule: DocumentRule) => (rule.imagesOnly ? PHOTO_MIME_TYPES : DOCUMENT_MIME_TYPES).join(',');

/** The message key of what is wrong with one chosen file, before anything is sent. */
export function fileProblem(rule: DocumentRule, file: File): string | null {
  const allowed: readonly string[] = rule.imagesOnly ? PHOTO_MIME_TYPES : DOCUMENT_MIME_TYPES;
  if (!allowed.includes(file.type)) return rule.imagesOnly ? PARTNER_MESSAGE_KEYS.photoType : PARTNER_MESSAGE_KEYS.documentType;
  if (file.size > DOCUMENT_MAX_BYTES) return PARTNER_MESSAGE_KEYS.documentTooLarge;
  return null;
}

/** Per document kind, the message key of what is missing or wrong; empty when the documents can be sent. */
export function documentProblems(type: PartnerType, chosen: ChosenDocuments): Partial<Record<DocumentKind, string>> {
  const problems: Partial<Record<DocumentKind, string>> = {};
  for (const rule of DOCUMENT_RULES[type]) {
    const files = chosen[rule.kind] ?? [];
    const wrong = files.map((file) => fileProblem(rule, file)).find(Boolean);
    if (wrong) problems[rule.kind] = wrong;
    else if (files.length > rule.max) problems[rule.kind] = PARTNER_MESSAGE_KEYS.tooManyFiles;
    else if (files.length < rule.min) problems[rule.kind] = rule.min > 1 ? PARTNER_MESSAGE_KEYS.tooFewPhotos : PARTNER_MESSAGE_KEYS.documentRequired;
  }
  return problems;
}

/** The files in the order the form lists them, as the upload sends them. */
export function orderedDocuments(type: PartnerType, chosen: ChosenDocuments): { kind: DocumentKind; file: File }[] {
  return DOCUMENT_RULES[type].flatMap((rule) => (chosen[rule.kind] ?? []).map((file) => ({ kind: rule.kind, file })));
}

export function formatBytes(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  const format = new Intl.NumberFormat(intlLocales(locale), { maximumFractionDigits: 1 });
  return megabytes >= 1 ? `${format.format(megabytes)} MB` : `${format.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
