import { RequireSession } from '@/web/features/auth/session';

export const Component = RequireSession;
