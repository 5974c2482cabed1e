import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetContent, SheetTitle } from '@/web/components/ui/sheet';
import type { ShellUser } from '../types';
import { SidebarContent } from './sidebar-content';
import { TopBar } from './top-bar';

export interface DashboardShellProps {
  /** Undefined while the profile loads. */
  user: ShellUser | undefined;
  unreadCount: number;
  onLogout: () => void;
  isLoggingOut?: boolean;
  children: ReactNode;
}

export const MAIN_CONTENT_ID = 'main-content';

/** Sidebar (a drawer under 768 px), top bar and the page. */
export function DashboardShell({ user, unreadCount, onLogout, isLoggingOut, children }: DashboardShellProps) {
  const { t } = useTranslation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  return (
    // The Sheet wraps the whole shell so the top bar's menu button is its trigger (focus returns to it on close).
    <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
      <div className="min-h-dvh bg-background text-foreground md:flex">
        <a
          href={`#${MAIN_CONTENT_ID}`}
          className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2"
        >
          {t('shell.skipToContent')}
        </a>

        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-border bg-card md:block">
          <SidebarContent user={user} onLogout={onLogout} isLoggingOut={isLoggingOut} />
        </aside>

        <SheetContent side="left" className="w-72 gap-0 p-0 md:hidden" aria-describedby={undefined}>
          <SheetTitle className="sr-only">{t('shell.menuTitle')}</SheetTitle>
          <SidebarContent
            user={user}
            onLogout={onLogout}
            isLoggingOut={isLoggingOut}
            onNavigate={() => setIsMenuOpen(false)}
          />
        </SheetContent>

        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar user={user} unreadCount={unreadCount} />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
            {children}
          </main>
        </div>
      </div>
    </Sheet>
  );
}
