import { PaymentSuccessPage } from '@/web/features/deliveries/components/payment-success-page';

export function Component() {
  return <PaymentSuccessPage />;
}
