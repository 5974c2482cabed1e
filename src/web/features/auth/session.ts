/**
 * The auth feature's light surface for signed-in pages: the session guard and the profile and sign-out hooks,
 * without the sign-in screens (and their forms, zod resolvers and Radix tabs) that `./index` also exports. The
 * dashboard's first load imports from here so it does not carry /auth's code (bench:web, issue 24).
 */
export { RequireSession } from './components/require-session';
export { useSession } from './hooks/use-session';
export { useUserProfile } from './hooks/use-user-profile';
export { useLeaveSignedOut, useLogout } from './hooks/use-logout';
