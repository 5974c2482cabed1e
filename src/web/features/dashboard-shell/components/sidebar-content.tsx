import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOutIcon } from 'lucide-react';
import { DRIVER_ROLE, OPERATOR_ROLE } from '@/shared/roles';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { isNavItemActive, navSectionsFor, type NavItem } from '../nav-items';
import type { ShellUser } from '../types';
import { BrandMark } from '@/web/components/brand-mark';
import { UserAvatar, UserAvatarSkeleton } from './user-avatar';

export interface SidebarContentProps {
  user: ShellUser | undefined;
  onLogout: () => void;
  isLoggingOut?: boolean;
  /** Called after any link is chosen, so the mobile drawer can close. */
  onNavigate?: () => void;
}

/** The most capable role names the account under its name: Operator, Driver, else the spec's "User". */
function roleLabelKey(roles: readonly string[]): string {
  if (roles.includes(OPERATOR_ROLE)) return 'shell.roles.operator';
  if (roles.includes(DRIVER_ROLE)) return 'shell.roles.driver';
  return 'shell.userRole';
}

export function SidebarContent({ user, onLogout, isLoggingOut = false, onNavigate }: SidebarContentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-border px-4">
        <Link
          to="/"
          onClick={onNavigate}
          className="flex items-center gap-2 rounded-md text-lg font-bold text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <BrandMark className="size-8" />
          <span>{t('common.appName')}</span>
        </Link>
      </div>

      <nav aria-label={t('shell.navLabel')} className="min-h-0 flex-1 overflow-y-auto p-3">
        {navSectionsFor(user?.roles ?? []).map((section) => {
          const headingId = `nav-section-${section.id}`;
          return (
            <div key={section.id} className="not-first:mt-4 not-first:border-t not-first:border-border not-first:pt-4">
              {section.labelKey && (
                <p id={headingId} className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {t(`shell.sections.${section.labelKey}`)}
                </p>
              )}
              <ul className="flex flex-col gap-1" aria-labelledby={section.labelKey ? headingId : undefined}>
                {section.items.map((item) => (
                  <li key={item.to}>
                    <NavLink item={item} isActive={isNavItemActive(item, pathname)} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>

      <div className="shrink-0 border-t border-border p-3">
        <div className="flex items-center gap-3 px-1 pb-3">
          {user ? <UserAvatar user={user} /> : <UserAvatarSkeleton />}
          <div className="min-w-0">
            {user ? (
              <p className="truncate text-sm font-medium text-foreground" data-testid="sidebar-user-name">
                {user.name}
              </p>
            ) : (
              <div aria-hidden="true" className="h-4 w-24 rounded bg-muted motion-safe:animate-pulse" />
            )}
            <p className="text-xs text-muted-foreground">{t(roleLabelKey(user?.roles ?? []))}</p>
          </div>
        </div>
        <Button variant="outline" className="w-full justify-start" onClick={onLogout} disabled={isLoggingOut}>
          <LogOutIcon aria-hidden="true" />
          {isLoggingOut ? t('shell.loggingOut') : t('shell.logout')}
        </Button>
      </div>
    </div>
  );
}

function NavLink({ item, isActive, onNavigate }: { item: NavItem; isActive: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  return (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        isActive ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>{t(`shell.nav.${item.labelKey}`)}</span>
    </Link>
  );
}
