import { DeliveryPreviewPage } from '@/web/features/deliveries/components/delivery-preview-page';

export function Component() {
  return <DeliveryPreviewPage />;
}
