/** The auth feature's public surface for the app layer (routes, dashboard shell). */
export { AuthShell, type AuthShellProps } from './components/auth-shell';
export { AuthPage } from './components/auth-page';
export { VerifyOtpScreen } from './components/verify-otp-screen';
export { ForgotPasswordScreen } from './components/forgot-password-screen';
export { VerifyResetScreen } from './components/verify-reset-screen';
export { ResetPasswordScreen } from './components/reset-password-screen';
export { RequireSession, useSession, useUserProfile, useLeaveSignedOut, useLogout } from './session';
export { CodeEntry, type CodeEntryProps } from './components/code-entry-step';
