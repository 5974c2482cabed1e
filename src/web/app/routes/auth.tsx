import { AuthPage } from '@/web/features/auth';

export const Component = AuthPage;
