import { PaymentPage } from '@/web/features/deliveries/components/payment-page';

export function Component() {
  return <PaymentPage />;
}
