import { NotificationsPage } from '@/web/features/notifications';

export function Component() {
  return <NotificationsPage />;
}
