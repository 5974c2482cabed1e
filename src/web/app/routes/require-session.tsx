import { RequireSession } from '@/web/features/auth';

export const Component = RequireSession;
