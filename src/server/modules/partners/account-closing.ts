import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import { partnerApplications, partnerDocuments } from '../../db/schema/index.js';

/**
 * A deleted account's partner applications go, with their documents (identity papers, licences, proof of address):
 * the rows in the deletion's transaction, the stored files once it has committed (the hourly storage sweep removes
 * any a crash left behind). Run after the drivers' part, whose vehicle record names the approved application.
 */
export function createPartnersAccountClosing(storage: Pick<FileStorage, 'delete'>, log: Pick<FastifyBaseLogger, 'warn'>) {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<() => Promise<void>> {
      const documents = await tx
        .select({ storageKey: partnerDocuments.storageKey })
        .from(partnerDocuments)
        .innerJoin(partnerApplications, eq(partnerApplications.id, partnerDocuments.applicationId))
        .where(eq(partnerApplications.userId, userId));
      // The documents' rows go with their applications (on delete cascade).
      await tx.delete(partnerApplications).where(eq(partnerApplications.userId, userId));
      return async () => {
        for (const { storageKey } of documents) {
          try {
            await storage.delete(storageKey);
          } catch (err) {
            log.warn({ err, key: storageKey }, 'partners: could not delete a document of a deleted account');
          }
        }
      };
    },
  };
}
