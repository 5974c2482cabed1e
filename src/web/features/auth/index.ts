/** The auth feature's public surface for the app layer (routes, dashboard shell). */
export { AuthShell, type AuthShellProps } from './components/auth-shell';
export { AuthPage } from './components/auth-page';
export { VerifyOtpScreen } from './components/verify-otp-screen';
export { ForgotPasswordScreen } from './components/forgot-password-screen';
export { VerifyResetScreen } from './components/verify-reset-screen';
export { ResetPasswordScreen } from './components/reset-password-screen';
export { RequireSession } from './components/require-session';
export { useSession } from './hooks/use-session';
export { useUserProfile } from './hooks/use-user-profile';
export { useLeaveSignedOut, useLogout } from './hooks/use-logout';
export { CodeEntry, type CodeEntryProps } from './components/code-entry-step';
