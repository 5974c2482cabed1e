import { LegalPage } from '@/web/features/legal/components/legal-page';
import { PublicPageFrame } from './public-page-frame';

/** /terms: the Terms and Conditions the sign-up checkbox accepts. */
export function Component() {
  return (
    <PublicPageFrame languageSelectId="terms-language">
      <LegalPage document="terms" />
    </PublicPageFrame>
  );
}
