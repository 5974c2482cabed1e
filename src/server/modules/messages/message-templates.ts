import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';

/** verify: sign-up; reset: password reset; change: confirms a new email or phone before it joins the account. */
export type CodePurpose = 'verify' | 'reset' | 'change';

/** Messages that carry no secret: they tell the owner something happened to the account. */
export type NoticeKind = 'account-locked' | 'email-changed' | 'phone-changed';

interface Template {
  subject: string;
  /** `{code}` is replaced by the code; codes expire after 10 minutes. */
  body: string;
}

/** A message ready for the outbox; `holdsSecret` says the body must not outlive its delivery. */
export interface RenderedMessage extends Template {
  holdsSecret: boolean;
}

/** Texts of the messages the server sends, in every interface language. */
const TEMPLATES: Record<Language, Record<CodePurpose, Template>> = {
  'en-US': {
    verify: {
      subject: 'Your Lanefreight verification code',
      body: 'Your Lanefreight verification code is {code}. It expires in 10 minutes. Do not share it with anyone.',
    },
    reset: {
      subject: 'Your Lanefreight password reset code',
      body: 'Your Lanefreight password reset code is {code}. It expires in 10 minutes. If you did not ask to reset your password, ignore this message.',
    },
    change: {
      subject: 'Confirm your new Lanefreight contact',
      body: 'Your Lanefreight code to add this email address or phone number to your account is {code}. It expires in 10 minutes. If you did not ask for this, ignore this message.',
    },
  },
  es: {
    verify: {
      subject: 'Tu código de verificación de Lanefreight',
      body: 'Tu código de verificación de Lanefreight es {code}. Caduca en 10 minutos. No lo compartas con nadie.',
    },
    reset: {
      subject: 'Tu código para restablecer la contraseña de Lanefreight',
      body: 'Tu código para restablecer la contraseña de Lanefreight es {code}. Caduca en 10 minutos. Si no pediste restablecer tu contraseña, ignora este mensaje.',
    },
    change: {
      subject: 'Confirma tu nuevo contacto de Lanefreight',
      body: 'Tu código de Lanefreight para añadir este correo electrónico o número de teléfono a tu cuenta es {code}. Caduca en 10 minutos. Si no lo pediste, ignora este mensaje.',
    },
  },
  fr: {
    verify: {
      subject: 'Votre code de vérification Lanefreight',
      body: 'Votre code de vérification Lanefreight est {code}. Il expire dans 10 minutes. Ne le communiquez à personne.',
    },
    reset: {
      subject: 'Votre code de réinitialisation du mot de passe Lanefreight',
      body: "Votre code de réinitialisation du mot de passe Lanefreight est {code}. Il expire dans 10 minutes. Si vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez ce message.",
    },
    change: {
      subject: 'Confirmez votre nouveau contact Lanefreight',
      body: "Votre code Lanefreight pour ajouter cette adresse e-mail ou ce numéro de téléphone à votre compte est {code}. Il expire dans 10 minutes. Si vous ne l'avez pas demandé, ignorez ce message.",
    },
  },
  de: {
    verify: {
      subject: 'Ihr Lanefreight-Bestätigungscode',
      body: 'Ihr Lanefreight-Bestätigungscode lautet {code}. Er ist 10 Minuten lang gültig. Geben Sie ihn an niemanden weiter.',
    },
    reset: {
      subject: 'Ihr Code zum Zurücksetzen des Lanefreight-Passworts',
      body: 'Ihr Code zum Zurücksetzen Ihres Lanefreight-Passworts lautet {code}. Er ist 10 Minuten lang gültig. Wenn Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese Nachricht.',
    },
    change: {
      subject: 'Bestätigen Sie Ihren neuen Lanefreight-Kontakt',
      body: 'Ihr Lanefreight-Code, um diese E-Mail-Adresse oder Telefonnummer zu Ihrem Konto hinzuzufügen, lautet {code}. Er ist 10 Minuten lang gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.',
    },
  },
  pt: {
    verify: {
      subject: 'Seu código de verificação da Lanefreight',
      body: 'Seu código de verificação da Lanefreight é {code}. Ele expira em 10 minutos. Não o compartilhe com ninguém.',
    },
    reset: {
      subject: 'Seu código de redefinição de senha da Lanefreight',
      body: 'Seu código de redefinição de senha da Lanefreight é {code}. Ele expira em 10 minutos. Se você não pediu para redefinir sua senha, ignore esta mensagem.',
    },
    change: {
      subject: 'Confirme seu novo contato na Lanefreight',
      body: 'Seu código da Lanefreight para adicionar este e-mail ou número de telefone à sua conta é {code}. Ele expira em 10 minutos. Se você não pediu isso, ignore esta mensagem.',
    },
  },
  yo: {
    verify: {
      subject: 'Kóòdù ìjẹ́rìísí Lanefreight rẹ',
      body: 'Kóòdù ìjẹ́rìísí Lanefreight rẹ ni {code}. Yóò dópin lẹ́yìn ìṣẹ́jú mẹ́wàá. Má ṣe fi hàn ẹnikẹ́ni.',
    },
    reset: {
      subject: 'Kóòdù àtúntò ọ̀rọ̀ aṣínà Lanefreight rẹ',
      body: 'Kóòdù àtúntò ọ̀rọ̀ aṣínà Lanefreight rẹ ni {code}. Yóò dópin lẹ́yìn ìṣẹ́jú mẹ́wàá. Tí o kò bá béèrè láti tún ọ̀rọ̀ aṣínà rẹ ṣe, fojú fo ìfiránṣẹ́ yìí.',
    },
    change: {
      subject: 'Jẹ́rìísí ìkànsí tuntun rẹ lórí Lanefreight',
      body: 'Kóòdù Lanefreight rẹ láti fi ímeèlì tàbí nọ́ńbà fóònù yìí kún àkáǹtì rẹ ni {code}. Yóò dópin lẹ́yìn ìṣẹ́jú mẹ́wàá. Tí o kò bá béèrè fún èyí, fojú fo ìfiránṣẹ́ yìí.',
    },
  },
  ha: {
    verify: {
      subject: 'Lambar tabbatarwarka ta Lanefreight',
      body: 'Lambar tabbatarwarka ta Lanefreight ita ce {code}. Za ta ƙare cikin mintuna 10. Kada ka nuna wa kowa ita.',
    },
    reset: {
      subject: 'Lambar sake saita kalmar sirrinka ta Lanefreight',
      body: 'Lambar sake saita kalmar sirrinka ta Lanefreight ita ce {code}. Za ta ƙare cikin mintuna 10. Idan ba kai ne ka nemi sake saita kalmar sirrinka ba, ka yi watsi da wannan saƙon.',
    },
    change: {
      subject: 'Tabbatar da sabuwar hanyar tuntuɓarka ta Lanefreight',
      body: 'Lambar Lanefreight ɗinka don ƙara wannan imel ko lambar waya a asusunka ita ce {code}. Za ta ƙare cikin mintuna 10. Idan ba kai ne ka nema ba, ka yi watsi da wannan saƙon.',
    },
  },
  ig: {
    verify: {
      subject: 'Koodu nkwenye Lanefreight gị',
      body: "Koodu nkwenye Lanefreight gị bụ {code}. Ọ ga-agwụ n'ime nkeji iri. Egosila onye ọ bụla ya.",
    },
    reset: {
      subject: 'Koodu maka ịtọgharịa paswọọdụ Lanefreight gị',
      body: "Koodu maka ịtọgharịa paswọọdụ Lanefreight gị bụ {code}. Ọ ga-agwụ n'ime nkeji iri. Ọ bụrụ na ọ bụghị gị rịọrọ ịtọgharịa paswọọdụ gị, leghara ozi a anya.",
    },
    change: {
      subject: 'Kwado kọntaktị ọhụrụ gị na Lanefreight',
      body: "Koodu Lanefreight gị iji tinye email ma ọ bụ nọmba ekwentị a na akaụntụ gị bụ {code}. Ọ ga-agwụ n'ime nkeji iri. Ọ bụrụ na ọ bụghị gị rịọrọ ya, leghara ozi a anya.",
    },
  },
};


/** Notices in every interface language; they name no code and outlive their delivery. */
const NOTICES: Record<Language, Record<NoticeKind, Template>> = {
  'en-US': {
    'account-locked': {
      subject: 'Your Lanefreight account is locked',
      body: 'We locked your Lanefreight account after too many wrong passwords. To sign in again, reset your password with “Forgot password?”. If you did not try to sign in, someone may be guessing your password.',
    },
    'email-changed': {
      subject: 'The email address on your Lanefreight account was changed',
      body: 'The email address on your Lanefreight account was just changed, and your other devices were signed out. If this was not you, reset your password now and contact Lanefreight support.',
    },
    'phone-changed': {
      subject: 'The phone number on your Lanefreight account was changed',
      body: 'The phone number on your Lanefreight account was just changed, and your other devices were signed out. If this was not you, reset your password now and contact Lanefreight support.',
    },
  },
  es: {
    'account-locked': {
      subject: 'Tu cuenta de Lanefreight está bloqueada',
      body: 'Hemos bloqueado tu cuenta de Lanefreight tras demasiadas contraseñas incorrectas. Para volver a iniciar sesión, restablece tu contraseña con «¿Has olvidado tu contraseña?». Si no intentaste iniciar sesión, alguien podría estar intentando adivinar tu contraseña.',
    },
    'email-changed': {
      subject: 'Se cambió el correo electrónico de tu cuenta de Lanefreight',
      body: 'Se acaba de cambiar el correo electrónico de tu cuenta de Lanefreight y se cerró la sesión en tus otros dispositivos. Si no fuiste tú, restablece tu contraseña ahora y contacta con el soporte de Lanefreight.',
    },
    'phone-changed': {
      subject: 'Se cambió el número de teléfono de tu cuenta de Lanefreight',
      body: 'Se acaba de cambiar el número de teléfono de tu cuenta de Lanefreight y se cerró la sesión en tus otros dispositivos. Si no fuiste tú, restablece tu contraseña ahora y contacta con el soporte de Lanefreight.',
    },
  },
  fr: {
    'account-locked': {
      subject: 'Votre compte Lanefreight est bloqué',
      body: "Nous avons bloqué votre compte Lanefreight après trop de mots de passe incorrects. Pour vous reconnecter, réinitialisez votre mot de passe avec « Mot de passe oublié ? ». Si vous n'avez pas essayé de vous connecter, quelqu'un tente peut-être de deviner votre mot de passe.",
    },
    'email-changed': {
      subject: "L'adresse e-mail de votre compte Lanefreight a été modifiée",
      body: "L'adresse e-mail de votre compte Lanefreight vient d'être modifiée et vos autres appareils ont été déconnectés. Si ce n'était pas vous, réinitialisez votre mot de passe maintenant et contactez l'assistance Lanefreight.",
    },
    'phone-changed': {
      subject: 'Le numéro de téléphone de votre compte Lanefreight a été modifié',
      body: "Le numéro de téléphone de votre compte Lanefreight vient d'être modifié et vos autres appareils ont été déconnectés. Si ce n'était pas vous, réinitialisez votre mot de passe maintenant et contactez l'assistance Lanefreight.",
    },
  },
  de: {
    'account-locked': {
      subject: 'Ihr Lanefreight-Konto ist gesperrt',
      body: 'Wir haben Ihr Lanefreight-Konto nach zu vielen falschen Passwörtern gesperrt. Um sich wieder anzumelden, setzen Sie Ihr Passwort über „Passwort vergessen?“ zurück. Wenn Sie sich nicht anmelden wollten, versucht möglicherweise jemand, Ihr Passwort zu erraten.',
    },
    'email-changed': {
      subject: 'Die E-Mail-Adresse Ihres Lanefreight-Kontos wurde geändert',
      body: 'Die E-Mail-Adresse Ihres Lanefreight-Kontos wurde soeben geändert, und Ihre anderen Geräte wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie jetzt Ihr Passwort zurück und wenden Sie sich an den Lanefreight-Support.',
    },
    'phone-changed': {
      subject: 'Die Telefonnummer Ihres Lanefreight-Kontos wurde geändert',
      body: 'Die Telefonnummer Ihres Lanefreight-Kontos wurde soeben geändert, und Ihre anderen Geräte wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie jetzt Ihr Passwort zurück und wenden Sie sich an den Lanefreight-Support.',
    },
  },
  pt: {
    'account-locked': {
      subject: 'Sua conta da Lanefreight está bloqueada',
      body: 'Bloqueamos sua conta da Lanefreight após muitas senhas incorretas. Para entrar novamente, redefina sua senha em “Esqueceu a senha?”. Se você não tentou entrar, alguém pode estar tentando adivinhar sua senha.',
    },
    'email-changed': {
      subject: 'O e-mail da sua conta da Lanefreight foi alterado',
      body: 'O e-mail da sua conta da Lanefreight acabou de ser alterado e seus outros dispositivos foram desconectados. Se não foi você, redefina sua senha agora e fale com o suporte da Lanefreight.',
    },
    'phone-changed': {
      subject: 'O número de telefone da sua conta da Lanefreight foi alterado',
      body: 'O número de telefone da sua conta da Lanefreight acabou de ser alterado e seus outros dispositivos foram desconectados. Se não foi você, redefina sua senha agora e fale com o suporte da Lanefreight.',
    },
  },
  yo: {
    'account-locked': {
      subject: 'A ti tìpa àkáǹtì Lanefreight rẹ',
      body: 'A ti tìpa àkáǹtì Lanefreight rẹ nítorí pé wọ́n tẹ ọ̀rọ̀ aṣínà tí kò tọ́ ní ọ̀pọ̀ ìgbà. Láti wọlé padà, tún ọ̀rọ̀ aṣínà rẹ ṣe pẹ̀lú “Ṣé o gbàgbé ọ̀rọ̀ aṣínà?”. Tí kì í bá ṣe ìwọ ló gbìyànjú láti wọlé, ẹnìkan lè máa gbìyànjú láti mọ ọ̀rọ̀ aṣínà rẹ.',
    },
    'email-changed': {
      subject: 'A ti yí ímeèlì àkáǹtì Lanefreight rẹ padà',
      body: 'A ṣẹ̀ṣẹ̀ yí ímeèlì àkáǹtì Lanefreight rẹ padà, a sì ti mú ọ jáde lórí àwọn ẹ̀rọ rẹ yòókù. Tí kì í bá ṣe ìwọ, tún ọ̀rọ̀ aṣínà rẹ ṣe báyìí kí o sì kàn sí ìkọ̀ ìrànlọ́wọ́ Lanefreight.',
    },
    'phone-changed': {
      subject: 'A ti yí nọ́ńbà fóònù àkáǹtì Lanefreight rẹ padà',
      body: 'A ṣẹ̀ṣẹ̀ yí nọ́ńbà fóònù àkáǹtì Lanefreight rẹ padà, a sì ti mú ọ jáde lórí àwọn ẹ̀rọ rẹ yòókù. Tí kì í bá ṣe ìwọ, tún ọ̀rọ̀ aṣínà rẹ ṣe báyìí kí o sì kàn sí ìkọ̀ ìrànlọ́wọ́ Lanefreight.',
    },
  },
  ha: {
    'account-locked': {
      subject: 'An kulle asusunka na Lanefreight',
      body: 'Mun kulle asusunka na Lanefreight bayan an shigar da kalmar sirri mara daidai sau da yawa. Don sake shiga, sake saita kalmar sirrinka ta “Kun manta kalmar sirri?”. Idan ba kai ne ka yi ƙoƙarin shiga ba, wani yana iya ƙoƙarin gano kalmar sirrinka.',
    },
    'email-changed': {
      subject: 'An canza imel ɗin asusunka na Lanefreight',
      body: "Yanzu aka canza imel ɗin asusunka na Lanefreight, kuma an fitar da kai daga sauran na'urorinka. Idan ba kai ne ka yi haka ba, sake saita kalmar sirrinka yanzu kuma ka tuntuɓi masu tallafin Lanefreight.",
    },
    'phone-changed': {
      subject: 'An canza lambar wayar asusunka na Lanefreight',
      body: "Yanzu aka canza lambar wayar asusunka na Lanefreight, kuma an fitar da kai daga sauran na'urorinka. Idan ba kai ne ka yi haka ba, sake saita kalmar sirrinka yanzu kuma ka tuntuɓi masu tallafin Lanefreight.",
    },
  },
  ig: {
    'account-locked': {
      subject: 'Akpọchiri akaụntụ Lanefreight gị',
      body: "Anyị akpọchiela akaụntụ Lanefreight gị n'ihi na etinyere paswọọdụ na-ezighi ezi ọtụtụ ugboro. Iji banye ọzọ, tọgharịa paswọọdụ gị site na “Ị chefuru paswọọdụ gị?”. Ọ bụrụ na ọ bụghị gị nwara ịbanye, mmadụ nwere ike na-anwa ịkọ paswọọdụ gị.",
    },
    'email-changed': {
      subject: 'Agbanwere email nke akaụntụ Lanefreight gị',
      body: 'Agbanwela email nke akaụntụ Lanefreight gị ugbu a, ewepụkwala gị na ngwaọrụ gị ndị ọzọ. Ọ bụrụ na ọ bụghị gị mere ya, tọgharịa paswọọdụ gị ugbu a ma kpọtụrụ ndị nkwado Lanefreight.',
    },
    'phone-changed': {
      subject: 'Agbanwere nọmba ekwentị nke akaụntụ Lanefreight gị',
      body: 'Agbanwela nọmba ekwentị nke akaụntụ Lanefreight gị ugbu a, ewepụkwala gị na ngwaọrụ gị ndị ọzọ. Ọ bụrụ na ọ bụghị gị mere ya, tọgharịa paswọọdụ gị ugbu a ma kpọtụrụ ndị nkwado Lanefreight.',
    },
  },
};

const pick = (language: string) => (isLanguage(language) ? language : FALLBACK_LANGUAGE);

export function renderCodeMessage(purpose: CodePurpose, language: string, code: string): RenderedMessage {
  const template = TEMPLATES[pick(language)][purpose];
  return { subject: template.subject, body: template.body.replace('{code}', code), holdsSecret: true };
}

export function renderNotice(kind: NoticeKind, language: string): RenderedMessage {
  return { ...NOTICES[pick(language)][kind], holdsSecret: false };
}

export const TEMPLATE_LANGUAGES = Object.keys(TEMPLATES) as Language[];
export const NOTICE_LANGUAGES = Object.keys(NOTICES) as Language[];
