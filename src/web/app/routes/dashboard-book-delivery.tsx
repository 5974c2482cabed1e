import { BookDeliveryPage } from '@/web/features/deliveries/components/book-delivery-page';

export function Component() {
  return <BookDeliveryPage />;
}
