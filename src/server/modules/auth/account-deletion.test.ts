import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageKey } from '../../adapters/storage/index.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import {
  addresses,
  apiKeys,
  deliveries,
  drivers,
  ledgerEntries,
  liveEvents,
  notifications,
  oneTimeCodes,
  partnerApplications,
  partnerDocuments,
  sessions,
  userPreferences,
  users,
  wallets,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { DEFAULT_TEST_PASSWORD, createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, completeAsOperator, payWithWallet } from '../../test/delivery-test-helpers.js';
import { RELAXED_LIMITS, latestCode, messagesFor, post, register } from '../../test/auth-test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkLedger } from '../wallet/ledger-check.js';
import { avatarUrlOf } from '../users/avatar-service.js';
import { SESSION_COOKIE } from './session-service.js';

/** Issue 24: "An account-deletion request that removes or anonymises personal data while keeping the ledger's records." */

type Headers = Record<string, string>;
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const MAX_FAILURES = 3;
let t: TestApp;
let uploadsDir: string;
let operator: SignedIn;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'lf-account-deletion-'));
  t = await createTestApp({ ...RELAXED_LIMITS, SIGNIN_MAX_CONSECUTIVE_FAILURES: String(MAX_FAILURES), UPLOADS_DIR: uploadsDir });
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const deleteAccount = (headers: Headers, currentPassword: unknown = DEFAULT_TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/account/delete', headers, payload: { currentPassword } as object });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const login = (identifier: string, password = DEFAULT_TEST_PASSWORD) => post(t, '/api/login', { identifier, password });
const accountOf = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
/** A delivery's row by its public id (LF001). */
const deliveryRow = async (publicId: string) =>
  (await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(publicId)!)))[0];
const move = (id: string, status: string) => post(t, `/api/dispatch/deliveries/${id}/status`, { status }, operator.headers);

/** A delivery paid from the wallet and carried to the receiver; the wallet is empty again afterwards. */
async function deliveredDelivery(shipper: SignedIn) {
  await fundWallet(t.deps.db, shipper.user.id, 270_000);
  const booked = await book(t, shipper.headers);
  expect((await payWithWallet(t, shipper.headers, booked.id)).statusCode).toBe(200);
  const driver = await assignNewDriver(t, operator.headers, booked.id);
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) expect((await move(booked.id, status)).statusCode).toBe(200);
  expect((await completeAsOperator(t, operator.headers, booked.id)).statusCode).toBe(200);
  return { id: booked.id, driver };
}

async function storedFile(namespace: 'avatars' | 'partner-documents') {
  const key = createStorageKey(namespace, namespace === 'avatars' ? 'webp' : 'pdf');
  await t.deps.storage.put(key, Buffer.from('stored bytes'));
  return key;
}

describe('Account deletion keeping the ledger: POST /api/account/delete', () => {
  it('anonymises the account and erases its personal data; the wallet, every ledger line and the deliveries stay; the ledger check stays clean', async () => {
    const shipper = await createSignedInUser(t.deps, { name: 'Ngozi Okonkwo', phone: '+2348039990001' });
    const email = shipper.user.email!;
    const otherDevice = await t.deps.sessions.startSession(shipper.user.id, true);
    const delivered = await deliveredDelivery(shipper);

    // What the account holds besides its money and deliveries.
    expect((await post(t, '/api/addresses', { label: 'Shop', line: '14 Allen Avenue', lat: 6.6018, lng: 3.3515 }, shipper.headers)).statusCode).toBe(201);
    const prefs = { deliveryUpdates: true, promotionalEmails: true, smsNotifications: false, pushNotifications: false };
    expect((await t.app.inject({ method: 'PUT', url: '/api/preferences', headers: shipper.headers, payload: prefs })).statusCode).toBe(200);
    const key = await post(t, '/api/api-keys', { name: 'Shop backend', mode: 'test' }, shipper.headers);
    expect(key.statusCode, key.body).toBe(201);
    const apiKey = key.json().data.key as string;
    const apiHeaders = { authorization: `Bearer ${apiKey}` };
    expect((await get('/api/v1/deliveries', apiHeaders)).statusCode).toBe(200);
    const endpoint = await post(t, '/api/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks', events: ['delivery.created'], mode: 'test' }, shipper.headers);
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const avatarKey = await storedFile('avatars');
    await t.deps.db.update(users).set({ profileImage: avatarUrlOf(avatarKey) }).where(eq(users.id, shipper.user.id));
    const documentKey = await storedFile('partner-documents');
    const [application] = await t.deps.db
      .insert(partnerApplications)
      .values({ userId: shipper.user.id, type: 'investment', details: { fullName: 'Ngozi Okonkwo', homeAddress: '3 Bode Thomas Street' } })
      .returning();
    await t.deps.db.insert(partnerDocuments).values({
      applicationId: application!.id,
      kind: 'idDocument',
      storageKey: documentKey,
      contentType: 'application/pdf',
      sizeBytes: 12,
      originalName: 'national-id.pdf',
    });
    expect(await t.deps.db.select().from(notifications).where(eq(notifications.userId, shipper.user.id))).not.toEqual([]);

    // Someone else, whose data must not move.
    const neighbour = await createSignedInUser(t.deps);
    expect((await post(t, '/api/addresses', { label: 'Home', line: '2 Isaac John Street', lat: 6.58, lng: 3.36 }, neighbour.headers)).statusCode).toBe(201);
    const neighbourDelivery = await book(t, neighbour.headers);
    const neighbourBefore = (await get('/api/user-profile', neighbour.headers)).json().data;

    const ledgerBefore = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, shipper.user.id)).orderBy(asc(ledgerEntries.id));
    const walletBefore = (await t.deps.db.select().from(wallets).where(eq(wallets.userId, shipper.user.id)))[0]!;
    expect(ledgerBefore.length).toBeGreaterThanOrEqual(2);

    // As the web app sends it: the session cookie, from our own origin.
    const res = await deleteAccount({ cookie: `${SESSION_COOKIE}=${shipper.token}`, origin: new URL(t.env.PUBLIC_URL).origin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: {}, message: 'Your account has been deleted and you have been signed out everywhere.' });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));

    // The row stays, for the records that name it, with nothing of the person left.
    const account = await accountOf(shipper.user.id);
    expect(account).toMatchObject({
      name: 'Deleted user',
      email: null,
      phone: null,
      whatsappNumber: null,
      passwordHash: '',
      profileImage: null,
      roles: [],
      marketingConsent: false,
    });
    expect(account.deletedAt).toBeInstanceOf(Date);

    // Signed out everywhere: this session, the other device, the API key.
    expect((await get('/api/user-profile', shipper.headers)).statusCode).toBe(401);
    expect((await get('/api/user-profile', { authorization: `Bearer ${otherDevice.token}` })).statusCode).toBe(401);
    expect((await get('/api/v1/deliveries', apiHeaders)).statusCode).toBe(401);
    const liveSessions = (await t.deps.db.select().from(sessions).where(eq(sessions.userId, shipper.user.id))).filter((s) => s.revokedAt === null);
    expect(liveSessions).toEqual([]);

    // What each module kept of the person is gone.
    const id = shipper.user.id;
    const { db } = t.deps;
    expect(await db.select().from(addresses).where(eq(addresses.userId, id))).toEqual([]);
    expect(await db.select().from(userPreferences).where(eq(userPreferences.userId, id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, id))).toEqual([]);
    expect(await db.select().from(liveEvents).where(eq(liveEvents.userId, id))).toEqual([]);
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, id))).toEqual([]);
    expect(await db.select().from(partnerApplications).where(eq(partnerApplications.userId, id))).toEqual([]);
    expect(await db.select().from(partnerDocuments).where(eq(partnerDocuments.applicationId, application!.id))).toEqual([]);
    expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, id))).toEqual([]);
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, id));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.revokedAt).toBeInstanceOf(Date);
    expect(await t.deps.storage.exists(avatarKey)).toBe(false);
    expect(await t.deps.storage.exists(documentKey)).toBe(false);

    // The money and the deliveries stay as they were, and the ledger still adds up.
    const ledgerAfter = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, shipper.user.id)).orderBy(asc(ledgerEntries.id));
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect((await t.deps.db.select().from(wallets).where(eq(wallets.userId, shipper.user.id)))[0]).toEqual(walletBefore);
    const kept = await deliveryRow(delivered.id);
    expect(kept).toMatchObject({ userId: shipper.user.id, status: 'delivered', receiverName: 'Chinedu Eze', receiverPhone: '+2348031234567' });
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);

    // What was sent to the person is forgotten; the one message left says the account is gone.
    expect((await messagesFor(t, email)).map((m) => m.subject)).toEqual(['Your Lanefreight account has been deleted']);
    expect((await messagesFor(t, '+2348039990001')).map((m) => m.subject)).toEqual(['Your Lanefreight account has been deleted']);

    // The old identifier signs in to nothing, exactly like one never registered.
    const oldIdentifier = await login(email);
    const unknown = await login(`nobody-${Date.now()}@example.ng`);
    expect(oldIdentifier.statusCode).toBe(401);
    expect(oldIdentifier.json()).toEqual(unknown.json());
    expect((await post(t, '/api/forgot-password', { identifier: email })).json()).toEqual(
      (await post(t, '/api/forgot-password', { identifier: `nobody-${Date.now()}@example.ng` })).json(),
    );

    // The identifiers are free again: the same email signs up as a new, empty account.
    expect((await register(t, { email })).statusCode).toBe(200);
    const verified = await post(t, '/api/verify-otp', { identifier: email, otp: await latestCode(t, email), startSession: true });
    expect(verified.statusCode, verified.body).toBe(200);
    const fresh = verified.json().data.session.user;
    expect(fresh).toMatchObject({ email, walletBalance: 0 });
    expect(fresh.id).not.toBe(shipper.user.id);
    expect((await login(email)).statusCode).toBe(200);

    // The neighbour's account, address and booking are untouched.
    expect((await get('/api/user-profile', neighbour.headers)).json().data).toEqual(neighbourBefore);
    expect((await get('/api/addresses', neighbour.headers)).json().data.items).toHaveLength(1);
    expect(await deliveryRow(neighbourDelivery.id)).toMatchObject({ userId: neighbour.user.id });
  });

  it("a driver's vehicle record goes and their phone leaves the deliveries they carried; the shipper's record keeps the rest", async () => {
    const shipper = await createSignedInUser(t.deps);
    const { id, driver } = await deliveredDelivery(shipper);
    // The driver's earnings were paid out to their bank already.
    const [earnings] = await t.deps.db.select().from(wallets).where(eq(wallets.userId, driver.user.id));
    expect(earnings!.balanceKobo).toBeGreaterThan(0);
    expect((await deleteAccount(driver.headers)).json().code).toBe('ACCOUNT_HAS_BALANCE');
    expect((await post(t, '/api/reauth', { password: DEFAULT_TEST_PASSWORD }, driver.headers)).statusCode).toBe(200);
    const account = { bankCode: '058', accountNumber: '0016563228', accountName: 'Musa Bello' };
    const withdrawal = await post(t, '/api/wallet/withdrawals', { ...account, amountKobo: earnings!.balanceKobo }, driver.headers);
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    expect((await deleteAccount(driver.headers)).json().code).toBe('ACCOUNT_HAS_PENDING_WITHDRAWAL');
    const paid = await post(t, `/api/dispatch/withdrawals/${withdrawal.json().data.id}/mark-paid`, { transferReference: 'FT26332XK9' }, operator.headers);
    expect(paid.statusCode, paid.body).toBe(200);

    const driverLedger = () => t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, driver.user.id)).orderBy(asc(ledgerEntries.id));
    const before = await driverLedger();
    expect(before.map((entry) => entry.kind).sort()).toEqual(['earning', 'hold', 'hold_settle']);

    expect((await deleteAccount(driver.headers)).statusCode).toBe(200);
    expect(await t.deps.db.select().from(drivers).where(eq(drivers.userId, driver.user.id))).toEqual([]);
    const carried = await deliveryRow(id);
    expect(carried).toMatchObject({ driverId: driver.user.id, driverName: 'Musa Bello', driverPhone: null, status: 'delivered' });
    // The driver's earnings and their withdrawal stay in the ledger, which still adds up.
    expect(await driverLedger()).toEqual(before);
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);
  });

  it('refuses with a 409 code while something is unsettled, and changes nothing', async () => {
    const expectRefused = async (u: SignedIn, code: string, params?: Record<string, unknown>) => {
      const res = await deleteAccount(u.headers);
      expect(res.statusCode, code).toBe(409);
      expect(res.json(), code).toMatchObject({ success: false, code, ...(params ? { params } : {}) });
      expect(res.json().message).not.toBe('');
      expect(await accountOf(u.user.id)).toMatchObject({ deletedAt: null, email: u.user.email, name: u.user.name });
      expect((await get('/api/user-profile', u.headers)).statusCode).toBe(200);
    };

    const withMoney = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, withMoney.user.id, 150_000);
    await expectRefused(withMoney, 'ACCOUNT_HAS_BALANCE', { amount: '₦1,500.00' });

    const shipping = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, shipping.user.id, 270_000);
    const underway = await book(t, shipping.headers);
    expect((await payWithWallet(t, shipping.headers, underway.id)).statusCode).toBe(200);
    await expectRefused(shipping, 'ACCOUNT_HAS_ACTIVE_DELIVERIES', { count: 1 });
    // As the driver of that job, too.
    await expectRefused(await assignNewDriver(t, operator.headers, underway.id), 'ACCOUNT_HAS_ACTIVE_DELIVERIES', { count: 1 });

    // What a user owes is kept on the wallet (decision 053); set here, as a return fee the balance did not cover leaves it.
    const owing = await createSignedInUser(t.deps);
    await t.deps.db.insert(wallets).values({ userId: owing.user.id, owedKobo: 45_000 });
    await expectRefused(owing, 'ACCOUNT_HAS_DEBT', { amount: '₦450.00' });
    await t.deps.db.update(wallets).set({ owedKobo: 0 }).where(eq(wallets.userId, owing.user.id));

    await expectRefused(operator, 'OPERATOR_ACCOUNT_NOT_DELETABLE');

    // An unpaid booking is no obstacle: nothing is under way, and it stays with the shipper's record.
    const booking = await createSignedInUser(t.deps);
    const unpaid = await book(t, booking.headers);
    expect((await deleteAccount(booking.headers)).statusCode).toBe(200);
    expect(await deliveryRow(unpaid.id)).toMatchObject({ status: 'awaiting_payment' });
  });

  it('a wrong password deletes nothing and counts towards the lockout, like a sign-in', async () => {
    const u = await createSignedInUser(t.deps);
    const missing = await deleteAccount(u.headers, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', detailKeys: { currentPassword: ['validation.profile.deletionPasswordRequired'] } });

    const wrong = await deleteAccount(u.headers, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT', detailKeys: { currentPassword: ['validation.profile.currentPasswordIncorrect'] } });
    expect(await accountOf(u.user.id)).toMatchObject({ failedSignIns: 1, deletedAt: null, email: u.user.email });

    for (let i = 2; i < MAX_FAILURES; i++) expect((await deleteAccount(u.headers, `guess-${i}`)).statusCode).toBe(400);
    const locking = await deleteAccount(u.headers, 'last-guess');
    expect(locking.statusCode).toBe(423);
    expect(locking.json().code).toBe('ACCOUNT_LOCKED');
    // Locked: even the right password deletes nothing, and the owner was told.
    expect((await deleteAccount(u.headers)).json().code).toBe('ACCOUNT_LOCKED');
    expect(await accountOf(u.user.id)).toMatchObject({ deletedAt: null, email: u.user.email });
    expect((await messagesFor(t, u.user.email!)).map((m) => m.subject)).toEqual(['Your Lanefreight account is locked']);

    expect((await t.app.inject({ method: 'POST', url: '/api/account/delete', payload: { currentPassword: DEFAULT_TEST_PASSWORD } })).statusCode).toBe(401);
    expect((await deleteAccount(u.headers, { nested: true })).statusCode).toBe(400);
  });

  it('is done once: two requests at the same moment delete it once; a later one finds no session', async () => {
    const u = await createSignedInUser(t.deps);
    const answers = await Promise.all([deleteAccount(u.headers), deleteAccount(u.headers)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The second either waited for the first and found the account deleted (200), or came after its commit (401).
    expect([200, 401]).toContain(statuses[1]);
    const deletedAt = (await accountOf(u.user.id)).deletedAt;
    expect(deletedAt).toBeInstanceOf(Date);
    expect((await messagesFor(t, u.user.email!)).map((m) => m.subject)).toEqual(['Your Lanefreight account has been deleted']);

    const again = await deleteAccount(u.headers);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('UNAUTHENTICATED');
    expect((await accountOf(u.user.id)).deletedAt).toEqual(deletedAt);
    const rows = await t.deps.db.select({ id: users.id }).from(users).where(inArray(users.id, [u.user.id]));
    expect(rows).toHaveLength(1);
  });
});
