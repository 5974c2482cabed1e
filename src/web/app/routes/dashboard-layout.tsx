import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@/shared/schemas/auth';
import { useLogout, useUserProfile } from '@/web/features/auth';
import { DashboardShell, type ShellUser } from '@/web/features/dashboard-shell';

/** The badge is a nicety: any failure (endpoint not there yet, offline) reads as "nothing unread", silently. */
async function fetchUnreadCount({ signal }: { signal: AbortSignal }): Promise<number> {
  try {
    const response = await fetch('/api/notifications/unread-count', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
    if (!response.ok) return 0;
    const payload = (await response.json()) as { data?: { count?: unknown } | null };
    const count = payload.data?.count;
    return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  } catch {
    return 0;
  }
}

function toShellUser(profile: UserProfile): ShellUser {
  return {
    name: profile.name,
    contact: profile.email ?? profile.phone ?? profile.whatsappNumber,
    profileImage: profile.profileImage,
  };
}

/** Composes the session (auth feature) with the shell; the session guard above guarantees a user once loaded. */
export function Component() {
  const { user } = useUserProfile();
  const { logout, isPending } = useLogout();
  const { data: unreadCount = 0 } = useQuery({
    queryKey: ['notifications', 'unread-count'],
    queryFn: fetchUnreadCount,
    retry: false,
  });

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
