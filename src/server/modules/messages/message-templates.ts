import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';

export type CodePurpose = 'verify' | 'reset';

interface Template {
  subject: string;
  /** `{code}` is replaced by the code; codes expire after 10 minutes. */
  body: string;
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
  },
};

export function renderCodeMessage(purpose: CodePurpose, language: string, code: string): Template {
  const template = TEMPLATES[isLanguage(language) ? language : FALLBACK_LANGUAGE][purpose];
  return { subject: template.subject, body: template.body.replace('{code}', code) };
}

export const TEMPLATE_LANGUAGES = Object.keys(TEMPLATES) as Language[];
