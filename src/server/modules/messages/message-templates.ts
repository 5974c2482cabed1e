import { loadLocaleSection } from '../../lib/locale-texts.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';

/** verify: sign-up; reset: password reset; change: confirms a new email or phone before it joins the account. */
export type CodePurpose = 'verify' | 'reset' | 'change';

/** Messages that carry no secret: they tell the owner something happened to the account. */
export type NoticeKind = 'account-locked' | 'email-changed' | 'phone-changed' | 'password-changed' | 'account-deleted';

interface Template {
  subject: string;
  body: string;
}

/** A message ready for the outbox; `holdsSecret` says the body must not outlive its delivery. */
export interface RenderedMessage extends Template {
  holdsSecret: boolean;
}

const CODE_PURPOSES: readonly CodePurpose[] = ['verify', 'reset', 'change'];

/** The notice's key under `messages.notices`. */
const NOTICE_KEYS: Record<NoticeKind, string> = {
  'account-locked': 'accountLocked',
  'email-changed': 'emailChanged',
  'phone-changed': 'phoneChanged',
  'password-changed': 'passwordChanged',
  'account-deleted': 'accountDeleted',
};

const templateKeys = (names: readonly string[]) => names.flatMap((name) => [`${name}.subject`, `${name}.body`]);
const CODE_KEYS = templateKeys(CODE_PURPOSES);
const NOTICE_TEXT_KEYS = templateKeys(Object.values(NOTICE_KEYS));

/**
 * The texts, in every interface language, live in the catalogue (`messages.codes`, `messages.notices`), read at
 * boot: `{{code}}` is the code; codes expire after 10 minutes. Notices name no code and outlive their delivery.
 */
const CODES = loadLocaleSection('messages.codes', { required: CODE_KEYS });
const NOTICES = loadLocaleSection('messages.notices', { required: NOTICE_TEXT_KEYS });

const pick = (language: string) => (isLanguage(language) ? language : FALLBACK_LANGUAGE);

export function renderCodeMessage(purpose: CodePurpose, language: string, code: string): RenderedMessage {
  const t = CODES.texts[pick(language)];
  return { subject: t(`${purpose}.subject`), body: t(`${purpose}.body`, { code }), holdsSecret: true };
}

export function renderNotice(kind: NoticeKind, language: string): RenderedMessage {
  const t = NOTICES.texts[pick(language)];
  return { subject: t(`${NOTICE_KEYS[kind]}.subject`), body: t(`${NOTICE_KEYS[kind]}.body`), holdsSecret: false };
}

/** The languages that have every code message (resp. notice) of their own. */
export const TEMPLATE_LANGUAGES = CODES.languagesWith(CODE_KEYS);
export const NOTICE_LANGUAGES = NOTICES.languagesWith(NOTICE_TEXT_KEYS);
