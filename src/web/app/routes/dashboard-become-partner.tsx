import { BecomePartnerPage } from '@/web/features/partners';

export function Component() {
  return <BecomePartnerPage />;
}
