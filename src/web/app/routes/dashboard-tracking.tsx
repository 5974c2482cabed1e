import { TrackingPage } from '@/web/features/deliveries/components/tracking-page';

export function Component() {
  return <TrackingPage />;
}
