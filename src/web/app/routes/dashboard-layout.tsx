import { Outlet } from 'react-router';
import type { UserProfile } from '@/shared/schemas/auth';
import { useLogout, useUserProfile } from '@/web/features/auth/session';
import { DashboardShell, type ShellUser } from '@/web/features/dashboard-shell';
import { useUnreadCount } from '@/web/features/notifications';
import { useLiveEvents } from '@/web/lib/live-events';

function toShellUser(profile: UserProfile): ShellUser {
  return {
    name: profile.name,
    contact: profile.email ?? profile.phone ?? profile.whatsappNumber,
    profileImage: profile.profileImage,
    roles: profile.roles,
  };
}

/** Composes the session (auth feature) with the shell; the session guard above guarantees a user once loaded. */
export function Component() {
  const { user } = useUserProfile();
  const { logout, isPending } = useLogout();
  const unreadCount = useUnreadCount();
  // One live stream per tab while signed in: the bell, the balance and the deliveries follow it.
  useLiveEvents(Boolean(user));

  return (
    <DashboardShell
      user={user ? toShellUser(user) : undefined}
      unreadCount={unreadCount}
      onLogout={() => void logout()}
      isLoggingOut={isPending}
    >
      <Outlet />
    </DashboardShell>
  );
}
