import { Avatar, AvatarFallback, AvatarImage } from '@/web/components/ui/avatar';
import { cn } from '@/web/lib/cn';
import type { ShellUser } from '../types';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('');
}

/** Decorative next to the visible name, so the image has empty alt text. */
export function UserAvatar({ user, className }: { user: ShellUser; className?: string }) {
  return (
    <Avatar className={cn('size-9', className)}>
      {user.profileImage && <AvatarImage src={user.profileImage} alt="" />}
      <AvatarFallback aria-hidden="true">{initialsOf(user.name)}</AvatarFallback>
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
