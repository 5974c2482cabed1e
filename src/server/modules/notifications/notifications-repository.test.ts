import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { createNotificationsRepository } from './notifications-repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('notifications repository', () => {
  it("inserts several users' notifications in one statement, in the order given", async () => {
    const [a, b] = [await createSignedInUser(t.deps), await createSignedInUser(t.deps)];
    const repository = createNotificationsRepository(t.deps.db);
    const note = (userId: string, n: number) => ({ userId, type: 'delivery' as const, messageKey: 'deliveryPaid' as const, params: { n } });
    await repository.insertMany([note(a.user.id, 0)]);
    const inserted = await repository.insertMany([note(a.user.id, 1), note(b.user.id, 2), note(a.user.id, 3)]);
    expect(inserted.map((row) => [row.userId, row.params, row.readAt])).toEqual([
      [a.user.id, { n: 1 }, null],
      [b.user.id, { n: 2 }, null],
      [a.user.id, { n: 3 }, null],
    ]);
    expect(await repository.countUnread(a.user.id)).toBe(3);
  });

  it("counts several users' unread notifications in one statement, in the order given", async () => {
    const [a, b, c] = [await createSignedInUser(t.deps), await createSignedInUser(t.deps), await createSignedInUser(t.deps)];
    const repository = createNotificationsRepository(t.deps.db);
    const note = (userId: string) => ({ userId, type: 'delivery' as const, messageKey: 'deliveryPaid' as const, params: {} });
    const [first] = await repository.insertMany([note(a.user.id), note(b.user.id), note(a.user.id), note(a.user.id)]);
    await repository.markRead(first!.id, a.user.id, new Date());
    expect(await repository.countUnreadMany([b.user.id, a.user.id, c.user.id, b.user.id])).toEqual([1, 2, 0, 1]);
    expect(await repository.countUnreadMany([])).toEqual([]);
  });
});
