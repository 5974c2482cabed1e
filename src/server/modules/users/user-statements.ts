import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../../shared/i18n.js';

/**
 * The users module's part of another module's statement: the account's language (UsersService.languageOf's rule: a
 * language we do not speak, or no account, reads as the fallback), so a write that needs it reads it in its own
 * round trip.
 */
export function accountLanguageSql(userId: Placeholder | SQL): SQL<string> {
  const known = sql.join(LANGUAGES.map((language) => sql`${language}`), sql`, `);
  return sql<string>`coalesce((select ${users.language} from ${users} where ${eq(users.id, sql`${userId}::uuid`)} and ${users.language} in (${known})), ${FALLBACK_LANGUAGE}::text)`;
}
