/** The little the shell shows about the signed-in person; the route maps the profile onto it. */
export interface ShellUser {
  name: string;
  /** Email, or the phone number for accounts registered by phone. */
  contact: string | null;
  profileImage: string | null;
  /** customer, driver, operator (src/shared/roles.ts): which sidebar sections to show. */
  roles: readonly string[];
}
