import { PartnerSuccessPage } from '@/web/features/partners';

export function Component() {
  return <PartnerSuccessPage />;
}
