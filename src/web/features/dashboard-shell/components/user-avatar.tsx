import { Avatar, AvatarFallback, AvatarImage } from '@/web/components/ui/avatar';
import { UserRound } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import { initialsOf } from '@/web/lib/initials';
import type { ShellUser } from '../types';

/** Decorative next to the visible name, so the image has empty alt text. */
export function UserAvatar({ user, className }: { user: ShellUser; className?: string }) {
  return (
    <Avatar className={cn('size-9', className)}>
      {user.profileImage && <AvatarImage src={user.profileImage} alt="" />}
      <AvatarFallback aria-hidden="true">{initialsOf(user.name) || <UserRound className="size-4" />}</AvatarFallback>
    </Avatar>
  );
}

export function UserAvatarSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('size-9 shrink-0 rounded-full bg-muted motion-safe:animate-pulse', className)}
    />
  );
}
