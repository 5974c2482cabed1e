/** The session cookie's name, and who a live session belongs to: shared by plugins/auth.ts and the sessions module. */
export const SESSION_COOKIE = 'lf_session';

export interface SignedInUser {
  id: string;
  sessionId: string;
  roles: string[];
}
