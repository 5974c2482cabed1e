import { RatesPage } from '@/web/features/rates/components/rates-page';
import { PublicPageFrame } from './public-page-frame';

/**
 * /rates: public, in a light frame of its own (the brand, the language, the way home), like the sign-in pages. It
 * reuses what those already share, so the landing page's own chunk carries nothing for it but the footer's link.
 */
export function Component() {
  return (
    <PublicPageFrame languageSelectId="rates-language">
      <RatesPage />
    </PublicPageFrame>
  );
}
