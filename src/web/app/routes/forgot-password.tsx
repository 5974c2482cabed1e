import { ForgotPasswordScreen } from '@/web/features/auth';

export const Component = ForgotPasswordScreen;
