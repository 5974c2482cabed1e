/** What the account screens hand each other through navigation state (never in the URL). */

export interface AuthNavigationState {
  tab?: 'login' | 'signup';
  /** Shown above the login form, e.g. after a verification or a password reset. */
  message?: string;
  /** Fills the login identifier. */
  identifier?: string;
  /** The page a signed-out visitor wanted; sign-in returns there. */
  from?: string;
}

export interface VerifyOtpState {
  identifier: string;
  fromRegistration: boolean;
  channel?: 'email' | 'sms' | 'whatsapp';
  rememberMe?: boolean;
  from?: string;
}

export interface VerifyResetState {
  identifier: string;
}

export interface ResetPasswordState {
  identifier: string;
  verified: true;
  resetToken: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Only same-site paths: a crafted state must not send a person to another host after sign-in. */
export function safeReturnPath(value: unknown): string | undefined {
  const path = text(value);
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth') ? path : undefined;
}

export function readAuthState(state: unknown): AuthNavigationState {
  if (!isRecord(state)) return {};
  return {
    tab: state.tab === 'login' || state.tab === 'signup' ? state.tab : undefined,
    message: text(state.message),
    identifier: text(state.identifier),
    from: safeReturnPath(state.from),
  };
}

export function readVerifyOtpState(state: unknown): VerifyOtpState | null {
  if (!isRecord(state)) return null;
  const identifier = text(state.identifier);
  if (!identifier) return null;
  const channel =
    state.channel === 'email' || state.channel === 'sms' || state.channel === 'whatsapp' ? state.channel : undefined;
  return {
    identifier,
    fromRegistration: state.fromRegistration === true,
    channel,
    rememberMe: state.rememberMe === true,
    from: safeReturnPath(state.from),
  };
}

export function readVerifyResetState(state: unknown): VerifyResetState | null {
  if (!isRecord(state)) return null;
  const identifier = text(state.identifier);
  return identifier ? { identifier } : null;
}

export function readResetPasswordState(state: unknown): ResetPasswordState | null {
  if (!isRecord(state)) return null;
  const identifier = text(state.identifier);
  const resetToken = text(state.resetToken);
  return identifier && resetToken && state.verified === true ? { identifier, verified: true, resetToken } : null;
}
