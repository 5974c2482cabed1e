import { LegalPage } from '@/web/features/legal/components/legal-page';
import { PublicPageFrame } from './public-page-frame';

/** /privacy: the privacy notice (Nigeria Data Protection Act 2023). */
export function Component() {
  return (
    <PublicPageFrame languageSelectId="privacy-language">
      <LegalPage document="privacy" />
    </PublicPageFrame>
  );
}
