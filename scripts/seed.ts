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
import { createDriver, createUser, fundWallet } from '../src/server/test/factories.js';
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
try {
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  const [{ value: userCount } = { value: 0 }] = await deps.db.select({ value: count() }).from(users);
  if (existing) {
    console.log(`Demo data already present (${DEMO_EMAIL}); nothing to do.`);
  } else if (userCount > 0 && !force) {
    console.error(`Refusing to seed: this database already has ${userCount} users (pass --force to add the demo accounts anyway).`);
    process.exitCode = 1;
  } else {
    const customer = await createUser(deps.db, { name: 'Adaeze Okafor', email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const operator = await createUser(deps.db, {
      name: 'Tunde Bakare',
      email: OPERATOR_EMAIL,
      password: DEMO_PASSWORD,
      roles: ['customer', 'operator'],
    });
    const driver = await createDriver(deps.db, {
      name: 'Musa Ibrahim',
      email: DRIVER_EMAIL,
      password: DEMO_PASSWORD,
      phone: '+2348051234567',
      transportMode: 'van',
      vehicleBrand: 'Toyota Hiace',
      plateNumber: 'LAG-234-KJ',
    });

    const as = async (userId: string) => ({
      authorization: `Bearer ${(await deps.sessions.startSession(userId, false)).token}`,
    });
    const customerHeaders = await as(customer.id);
    const operatorHeaders = await as(operator.id);
    const driverHeaders = await as(driver.id);
    const call = async (headers: Record<string, string>, url: string, payload?: unknown) => {
      const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
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
    await fundWallet(deps.db, customer.id, naira(45_000) + spent, 'Opening balance');
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
