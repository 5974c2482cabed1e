import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon, BellIcon, MenuIcon, MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { SheetTrigger } from '@/web/components/ui/sheet';
import { useTheme } from '@/web/lib/theme';
import { cn } from '@/web/lib/cn';
import { isDashboardHome, titleKeyForPath } from '../nav-items';
import type { ShellUser } from '../types';
import { UserAvatar, UserAvatarSkeleton } from './user-avatar';

const MAX_BADGE_COUNT = 99;

/** Rendered inside the shell's Sheet: the menu button is the drawer's trigger. */
export interface TopBarProps {
  user: ShellUser | undefined;
  unreadCount: number;
}

const iconLinkClass =
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-foreground outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export function TopBar({ user, unreadCount }: TopBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { theme, toggleTheme } = useTheme();
  const title = t(`shell.titles.${titleKeyForPath(pathname)}`);
  const showBack = !isDashboardHome(pathname);

  function handleBack() {
    // React Router numbers its history entries; at the first one (a deep link) going back would leave the app.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/dashboard');
  }

  return (
    <header className="sticky top-0 z-40 flex min-h-16 shrink-0 items-center gap-1 border-b border-border bg-background px-2 py-1 sm:gap-2 sm:px-4 md:px-6">
      <title>{`${title} · ${t('common.appName')}`}</title>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('shell.openMenu')}>
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      {showBack && (
        <Button variant="ghost" size="icon" onClick={handleBack} aria-label={t('common.back')}>
          <ArrowLeftIcon aria-hidden="true" />
        </Button>
      )}
      {/* A long title (another language, a phone) wraps to a second line rather than being cut ("Book Delive…"). */}
      <h1 className="min-w-0 flex-1 text-base leading-tight font-semibold break-words text-foreground sm:text-lg">{title}</h1>

      <Button
        variant="ghost"
        size="icon"
        onClick={toggleTheme}
        aria-label={theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark')}
      >
        {theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
      </Button>

      <Link
        to="/dashboard/notifications"
        className={iconLinkClass}
        aria-label={
          unreadCount > 0 ? t('shell.notificationsUnread', { count: unreadCount }) : t('shell.nav.notifications')
        }
      >
        <BellIcon className="size-5" aria-hidden="true" />
        {unreadCount > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className={cn(
              'absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground',
            )}
          >
            {unreadCount > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : unreadCount}
          </span>
        )}
      </Link>

      <div className="flex min-w-0 items-center gap-2 pl-1">
        {user ? <UserAvatar user={user} /> : <UserAvatarSkeleton />}
        {user && (
          <div className="hidden min-w-0 max-w-48 lg:block">
            <p className="truncate text-sm font-medium text-foreground">{user.name}</p>
            {user.contact && <p className="truncate text-xs text-muted-foreground">{user.contact}</p>}
          </div>
        )}
      </div>
    </header>
  );
}
