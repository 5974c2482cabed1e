/**
 * `npm run db:seed`: demo data for trying the product, made through the real API (app.inject), so every
 * business rule applies: a customer with a wallet of ₦45,000 and deliveries in every status (with their
 * notifications), an approved driver with a van who has carried and been rated, and an operator. Refuses to run
 * with NODE_ENV=production, or on a database that already has users, unless --force; does nothing when the demo
 * account already exists. With the embedded database, stop the server first (PGlite is single-process).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { loadEnv } from '../src/server/config/env.js';
import { buildApp } from '../src/server/app.js';
import { outboxMessages, users } from '../src/server/db/schema/index.js';
import { createTransactions } from '../src/server/db/transactions.js';
import { createUsersRepository } from '../src/server/modules/users/users-repository.js';
import { createUsersService } from '../src/server/modules/users/users-service.js';
import { createWalletRepository } from '../src/server/modules/wallet/wallet-repository.js';
import { createWalletService } from '../src/server/modules/wallet/wallet-service.js';
import sharp from 'sharp';
import { formatNaira, naira } from '../src/shared/money.js';
import type { BookingBody } from '../src/shared/schemas/deliveries.js';

const DEMO_EMAIL = 'demo@lanefreight.ng';
const DRIVER_EMAIL = 'driver@lanefreight.ng';
const OPERATOR_EMAIL = 'operator@lanefreight.ng';
const DEMO_PASSWORD = 'Lanefreight-Demo-2026';
const force = process.argv.includes('--force');

const env = loadEnv();
if (env.NODE_ENV === 'production' && !force) {
  console.error('Refusing to seed demo data with NODE_ENV=production (pass --force if you really mean it).');
  process.exit(1);
}

const { app, deps } = await buildApp({ env, logger: false });
// The domain services the API does not reach: granting the operator role and the opening balance (an adjustment).
const transactions = createTransactions(deps.db, deps.events);
const usersService = createUsersService({ db: deps.db, repository: createUsersRepository(deps.db) });
const wallet = createWalletService({ wallet: createWalletRepository(deps.db) });

/** A transportation partner's application with a van, its five documents and three photos, as the form sends it. */
async function applyAsDriver(headers: Record<string, string>) {
  const boundary = `----lanefreight-seed-${Date.now()}`;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b3d91' } }).png().toBuffer();
  const fields = {
    type: 'transportation',
    businessName: 'Ibrahim Logistics',
    preferredRoutes: 'Ikeja - Lekki, Apapa - Ikorodu',
    serviceAvailability: 'full_time',
    vehicleType: 'van',
    vehicleBrand: 'Toyota Hiace',
    plateNumber: 'LAG-234-KJ',
    driversLicenceNumber: 'LAG48213AA21',
    agreeTerms: 'true',
  };
  const files = [
    ...['idDocument', 'driversLicence', 'proofOfAddress', 'vehicleLicense', 'insuranceCertificate', 'roadWorthiness'].map((field) => ({ field, name: `${field}.pdf`, type: 'application/pdf', content: pdf })),
    ...[1, 2, 3].map((n) => ({ field: 'vehiclePhoto', name: `van-${n}.png`, type: 'image/png', content: photo })),
  ];
  const parts = [
    ...Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)),
    ...files.flatMap((file) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  const res = await app.inject({
    method: 'POST',
    url: '/api/partner-applications',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  if (res.statusCode >= 300) throw new Error(`partner application: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string };
}
try {
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  const [{ value: userCount } = { value: 0 }] = await deps.db.select({ value: count() }).from(users);
  if (existing) {
    console.log(`Demo data already present (${DEMO_EMAIL}); nothing to do.`);
  } else if (userCount > 0 && !force) {
    console.error(`Refusing to seed: this database already has ${userCount} users (pass --force to add the demo accounts anyway).`);
    process.exitCode = 1;
  } else {
    const call = async (headers: Record<string, string>, url: string, payload?: unknown) => {
      const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
    /** The newest code sent to this email, as its owner reads it (the dev outbox keeps it). */
    const codeSentTo = async (email: string) => {
      const [message] = await deps.db
        .select({ body: outboxMessages.body })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      const code = /(?<![\w-])(\d{6})(?![\w-])/.exec(message?.body ?? '')?.[1];
      if (!code) throw new Error(`no code sent to ${email}`);
      return code;
    };
    /** Signs up as a person does (the code from the outbox), then signs in: the account's id and its session. */
    const signUp = async (name: string, email: string) => {
      await call({}, '/api/register', { name, email, password: DEMO_PASSWORD });
      await call({}, '/api/verify-otp', { identifier: email, otp: await codeSentTo(email) });
      return signIn(email);
    };
    const signIn = async (email: string) => {
      const { token } = await call({}, '/api/login', { identifier: email, password: DEMO_PASSWORD });
      const headers = { authorization: `Bearer ${token}` };
      const profile = await app.inject({ method: 'GET', url: '/api/user-profile', headers });
      return { id: profile.json().data.id as string, headers };
    };

    const customer = await signUp('Adaeze Okafor', DEMO_EMAIL);
    // Operators are made by operators (npm run operator:create): the users service grants the role.
    const operatorAccount = await signUp('Tunde Bakare', OPERATOR_EMAIL);
    await transactions.run((transaction) => usersService.grantRole(transaction.tx, operatorAccount.id, 'operator'));
    const operator = await signIn(OPERATOR_EMAIL);
    // The driver applies as a transportation partner with a van and the documents, and the operator approves.
    const applicant = await signUp('Musa Ibrahim', DRIVER_EMAIL);
    const application = await applyAsDriver(applicant.headers);
    await call(operator.headers, `/api/operator/partner-applications/${application.id}/approve`);
    const driver = await signIn(DRIVER_EMAIL);
    // A new driver starts off duty (decision 093) and switches on, as the driver's home lets them.
    const onDuty = await app.inject({ method: 'PUT', url: '/api/driver/availability', headers: driver.headers, payload: { onDuty: true } });
    if (onDuty.statusCode >= 300) throw new Error(`/api/driver/availability: ${onDuty.statusCode} ${onDuty.body}`);
    const customerHeaders = customer.headers;
    const operatorHeaders = operator.headers;
    const driverHeaders = driver.headers;

    /** The handover code, as the receiver reads it in the SMS (the dev outbox keeps it). */
    const handoverCode = async (phone: string) => {
      const [message] = await deps.db
        .select({ body: outboxMessages.body })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.holdsSecret, true)))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      const code = /(?<![\w-])(\d{4})(?![\w-])/.exec(message?.body ?? '')?.[1];
      if (!code) throw new Error(`no handover code sent to ${phone}`);
      return code;
    };

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    // One delivery per status, between real places (priced by distance, decision 043); those a driver takes go by
    // van, the demo driver's vehicle.
    const plans: Array<{ status: string; booking: Partial<BookingBody> }> = [
      { status: 'delivered', booking: { pickupLocation: '12 Admiralty Way, Lekki Phase 1, Lagos', dropoffLocation: '5 Isaac John Street, Ikeja GRA, Lagos', packageType: 'electronics', packageWeight: 'medium', transportMode: 'van', deliveryType: 'express' } },
      { status: 'out_for_delivery', booking: { pickupLocation: 'Computer Village, Ikeja, Lagos', dropoffLocation: '21 Bode Thomas Street, Surulere, Lagos', packageType: 'documents', packageWeight: 'light', transportMode: 'van', deliveryType: 'same_day' } },
      { status: 'in_transit', booking: { pickupLocation: 'Trade Fair Complex, Lagos', dropoffLocation: 'Balogun Market, Lagos Island', packageType: 'clothing', packageWeight: 'heavy', transportMode: 'van', deliveryType: 'standard' } },
      { status: 'picked_up', booking: { pickupLocation: 'Apapa Wharf, Lagos', dropoffLocation: '3 Ikorodu Road, Maryland, Lagos', packageType: 'clothing', packageWeight: 'medium', transportMode: 'van', deliveryType: 'standard' } },
      { status: 'pending', booking: { pickupLocation: 'Ariaria International Market, Aba', dropoffLocation: 'Trans-Amadi, Port Harcourt', packageType: 'food', packageWeight: 'medium', transportMode: 'van', deliveryType: 'standard' } },
      { status: 'cancelled', booking: { pickupLocation: 'Allen Avenue, Ikeja, Lagos', dropoffLocation: 'Yaba, Lagos', packageType: 'other', packageWeight: 'light', transportMode: 'car', deliveryType: 'express' } },
      // Long haul, awaiting payment: what a truck to another state costs.
      { status: 'awaiting_payment', booking: { pickupLocation: 'Dawanau Market, Kano', dropoffLocation: 'Kaduna Central Market, Kaduna', packageType: 'food', packageWeight: 'heavy', transportMode: 'truck', deliveryType: 'standard' } },
    ];
    const booked = [];
    for (const [index, plan] of plans.entries()) {
      const delivery = await call(customerHeaders, '/api/book-delivery', {
        receiverName: 'Chinedu Eze',
        receiverPhone: `+23480312345${String(index).padStart(2, '0')}`,
        deliveryTime: 'morning',
        deliveryDate: tomorrow,
        ...plan.booking,
      });
      booked.push({ ...plan, delivery });
    }
    // The wallet shows ₦45,000 once the deliveries are paid from it (the cancelled one's money comes back).
    const paid = booked.filter((b) => b.status !== 'awaiting_payment');
    const spent = paid.filter((b) => b.status !== 'cancelled').reduce((sum, b) => sum + (b.delivery.price.total as number), 0);
    await transactions.run((transaction) =>
      wallet.adjust(transaction, {
        userId: customer.id,
        amountKobo: naira(45_000) + spent,
        description: 'Opening balance',
        idempotencyKey: `seed:opening-balance:${customer.id}`,
      }),
    );
    for (const { delivery } of paid) {
      await call(customerHeaders, '/api/payments/initiate', { deliveryId: delivery.id, method: 'wallet' });
    }

    const road = ['picked_up', 'in_transit', 'out_for_delivery'];
    for (const { status, delivery } of booked) {
      if (status === 'cancelled') {
        await call(customerHeaders, `/api/deliveries/${delivery.id}/cancel`);
        continue;
      }
      // Pending stays unassigned: work waiting on the operator's board.
      if (![...road, 'delivered'].includes(status)) continue;
      await call(operatorHeaders, `/api/dispatch/deliveries/${delivery.id}/assign-driver`, { driverId: driver.id });
      const steps = status === 'delivered' ? road : road.slice(0, road.indexOf(status) + 1);
      for (const step of steps) await call(driverHeaders, `/api/driver/jobs/${delivery.id}/status`, { status: step });
      if (status === 'delivered') {
        await call(driverHeaders, `/api/driver/jobs/${delivery.id}/deliver`, { code: await handoverCode(delivery.receiverPhone) });
        await call(customerHeaders, `/api/deliveries/${delivery.id}/rating`, { stars: 5, comment: 'On time and careful with the parcel.' });
      }
    }

    console.log('Demo data created:');
    for (const { status, delivery } of booked) {
      console.log(`  ${delivery.id} ${status.padEnd(16)} ${formatNaira(delivery.price.total).padStart(14)}  ${delivery.route}`);
    }
    console.log(`  customer ${DEMO_EMAIL} / ${DEMO_PASSWORD}  (wallet ₦45,000, a delivery in every status)`);
    console.log(`  driver   ${DRIVER_EMAIL} / ${DEMO_PASSWORD}  (Toyota Hiace van LAG-234-KJ, 4 jobs, earnings in the wallet)`);
    console.log(`  operator ${OPERATOR_EMAIL} / ${DEMO_PASSWORD}  (dispatch board, assigns drivers)`);
  }
} finally {
  await app.close();
}
