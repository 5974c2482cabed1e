import { AuthShell } from '@/web/features/auth';
import { BrandMark } from '@/web/components/brand-mark';
import { LanguageSelect } from '@/web/features/landing/components/language-select';

/** The account screens' shared header, composed from the brand mark and language selector. */
export function Component() {
  return <AuthShell brandMark={<BrandMark />} languageSelect={<LanguageSelect id="auth-language" />} />;
}
