/** The notifications feature's public surface for the app layer. */
export { useUnreadCount } from './api/get-unread-count';
export { NotificationsPage } from './components/notifications-page';
