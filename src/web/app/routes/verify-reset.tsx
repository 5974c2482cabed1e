import { VerifyResetScreen } from '@/web/features/auth';

export const Component = VerifyResetScreen;
