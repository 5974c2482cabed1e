import { MyDeliveriesPage } from '@/web/features/deliveries/components/my-deliveries-page';

export function Component() {
  return <MyDeliveriesPage />;
}
