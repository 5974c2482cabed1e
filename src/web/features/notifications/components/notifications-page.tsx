import { useTranslation } from 'react-i18next';
import { BellOff, Check, CheckCheck, Handshake, Loader2, Megaphone, Package, Wallet, Webhook, X } from 'lucide-react';
import { QueryLoadMore } from '@/web/components/load-more';
import type { Notification } from '@/shared/schemas/notifications';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { apiErrorText } from '@/web/lib/api-client';
import { toastApiError } from '@/web/lib/toast-api-error';
import { cn } from '@/web/lib/cn';
import { useDismissNotification } from '../api/dismiss-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useUnreadCount } from '../api/get-unread-count';
import { useNow } from '@/web/lib/use-now';
import { relativeTime } from '../lib/relative-time';
import { splitAroundIds } from '../lib/unbroken-ids';
import { formatInstant } from '@/web/lib/lagos-time';

const PAGE_SIZE = 20;
const ICONS = { delivery: Package, wallet: Wallet, promotion: Megaphone, partner: Handshake, developer: Webhook } as const;

function NotificationItem({ notification, now }: { notification: Notification; now: number }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkNotificationRead();
  const dismiss = useDismissNotification();
  const Icon = ICONS[notification.type];
  const when = relativeTime(notification.createdAt, now, t);
  const message = t(`notifications.messages.${notification.messageKey}`, {
    ...notification.params,
    defaultValue: t('notifications.page.unknownMessage'),
  });
  const onFailure = (error: unknown) => toastApiError(t, error, t('notifications.page.actionFailed'), { alsoWhenUnavailable: true });

  return (
    <li
      data-testid="notification-item"
      data-read={notification.read}
      // On a phone the buttons go under the text, which keeps the width beside the icon (not a 108 px column).
      className={cn('flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-border p-3 sm:flex-nowrap sm:p-4', !notification.read && 'bg-muted/60')}
    >
      <span aria-hidden="true" className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 basis-[calc(100%-3rem)] sm:basis-0">
        <p className={cn('text-sm user-text', !notification.read && 'font-semibold')}>
          {!notification.read && <span className="sr-only">{t('notifications.page.unread')}: </span>}
          {splitAroundIds(message, notification.params).map((part, index) =>
            part.isId ? (
              <span key={index} className="whitespace-nowrap">
                {part.text}
              </span>
            ) : (
              part.text
            ),
          )}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt} title={formatInstant(notification.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })}>
            {when}
          </time>
        </p>
      </div>
      <div className="ml-12 flex shrink-0 gap-1 sm:ml-0">
        {!notification.read && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('notifications.page.markRead')}
            title={t('notifications.page.markRead')}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(notification.id, { onError: onFailure })}
          >
            <Check aria-hidden="true" />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('notifications.page.dismiss')}
          title={t('notifications.page.dismiss')}
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(notification.id, { onError: onFailure })}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** /dashboard/notifications: Recent Notifications, newest first, each marked read or dismissed on the server. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const query = useNotifications({ limit: PAGE_SIZE });
  const unreadCount = useUnreadCount();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-2xl font-bold tracking-tight break-words">{t('notifications.page.title')}</h2>
          <p className="text-muted-foreground">{t('notifications.page.unreadCount', { count: unreadCount })}</p>
        </div>
        <Button
          variant="outline"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (error) => toastApiError(t, error, t('notifications.page.actionFailed'), { alsoWhenUnavailable: true }),
            })
          }
        >
          <CheckCheck aria-hidden="true" />
          {t('notifications.page.markAllRead')}
        </Button>
      </header>

      <Card className="min-w-0">
        <CardContent className="px-3 sm:px-6">
          {query.isPending ? (
            <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
              <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
              {t('notifications.page.loading')}
            </p>
          ) : query.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 py-6">
              <p>{apiErrorText(t, query.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                {t('notifications.page.retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <div className="grid justify-items-center gap-2 py-12 text-center" data-testid="notifications-empty">
              <BellOff className="size-10 text-muted-foreground" aria-hidden="true" />
              <h3 className="text-lg font-semibold">{t('notifications.page.emptyTitle')}</h3>
              <p className="text-muted-foreground">{t('notifications.page.emptyDescription')}</p>
            </div>
          ) : (
            <ul className="grid gap-2" aria-label={t('notifications.page.listLabel')} aria-live="polite">
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} now={now} />
              ))}
            </ul>
          )}
          <QueryLoadMore query={query} shown={items.length} className="mt-4" />
        </CardContent>
      </Card>
    </div>
  );
}
