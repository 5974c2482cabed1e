import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export function createAvatarRepository(db: Db) {
  return {
    /** Which of these profile image URLs some account still shows. */
    async profileImagesAmong(urls: readonly string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const rows = await db.select({ url: users.profileImage }).from(users).where(inArray(users.profileImage, [...urls]));
      return new Set(rows.flatMap((row) => (row.url ? [row.url] : [])));
    },

    /**
     * Sets the profile image and returns the one it replaced. The row is locked while it is read, so of two
     * uploads at once each sees the other's picture as the previous one and no file is left behind unreferenced.
     * Undefined when there is no such user.
     */
    async swapProfileImage(userId: string, profileImage: string | null): Promise<{ previous: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ profileImage: users.profileImage })
          .from(users)
          .where(eq(users.id, userId))
          .for('update')
          .limit(1);
        if (!row) return undefined;
        await tx.update(users).set({ profileImage, updatedAt: new Date() }).where(eq(users.id, userId));
        return { previous: row.profileImage };
      });
    },
  };
}
export type AvatarRepository = ReturnType<typeof createAvatarRepository>;
