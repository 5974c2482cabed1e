import { VerifyOtpScreen } from '@/web/features/auth';

export const Component = VerifyOtpScreen;
