import { ResetPasswordScreen } from '@/web/features/auth';

export const Component = ResetPasswordScreen;
