/** Query keys of the auth feature; the dashboard reads the same profile entry. */
export const authKeys = {
  userProfile: ['auth', 'user-profile'] as const,
};
