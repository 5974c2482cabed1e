/**
 * `npm run db:seed`: demo data for trying the product, made through the real API (app.inject), so every
 * business rule applies. Refuses to run with NODE_ENV=production unless --force; does nothing when the demo
 * account already exists. With the embedded database, stop the server first (PGlite is single-process).
 */
import { eq } from 'drizzle-orm';
import { loadEnv } from '../src/server/config/env.js';
import { buildApp } from '../src/server/app.js';
import { users } from '../src/server/db/schema/index.js';
import { createUser, fundWallet } from '../src/server/test/factories.js';
import { naira } from '../src/shared/money.js';
import type { BookingBody } from '../src/shared/schemas/deliveries.js';

const DEMO_EMAIL = 'demo@lanefreight.ng';
const OPERATOR_EMAIL = 'operator@lanefreight.ng';
const DEMO_PASSWORD = 'Lanefreight-Demo-2026';

const env = loadEnv();
if (env.NODE_ENV === 'production' && !process.argv.includes('--force')) {
  console.error('Refusing to seed demo data with NODE_ENV=production (pass --force if you really mean it).');
  process.exit(1);
}

const { app, deps } = await buildApp({ env, logger: false });
try {
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (existing) {
    console.log(`Demo data already present (${DEMO_EMAIL}); nothing to do.`);
  } else {
    const shipper = await createUser(deps.db, { name: 'Adaeze Okafor', email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const operator = await createUser(deps.db, {
      name: 'Tunde Bakare',
      email: OPERATOR_EMAIL,
      password: DEMO_PASSWORD,
      roles: ['customer', 'operator'],
    });
    await fundWallet(deps.db, shipper.id, naira(45_000), 'Opening balance');

    const as = async (userId: string) => ({
      authorization: `Bearer ${(await deps.sessions.startSession(userId, false)).token}`,
    });
    const shipperHeaders = await as(shipper.id);
    const operatorHeaders = await as(operator.id);
    const call = async (headers: Record<string, string>, url: string, payload?: unknown) => {
      const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const bookings: Array<Partial<BookingBody>> = [
      { pickupLocation: '12 Admiralty Way, Lekki, Lagos', dropoffLocation: '5 Awolowo Road, Ikoyi, Lagos', packageType: 'electronics', packageWeight: 'medium', transportMode: 'bike', deliveryType: 'express' },
      { pickupLocation: 'Trade Fair Complex, Ojo, Lagos', dropoffLocation: 'Wuse Market, Abuja', packageType: 'clothing', packageWeight: 'heavy', transportMode: 'truck', deliveryType: 'standard' },
      { pickupLocation: 'Computer Village, Ikeja, Lagos', dropoffLocation: 'Bodija, Ibadan', packageType: 'documents', packageWeight: 'light', transportMode: 'car', deliveryType: 'same_day' },
      { pickupLocation: 'Ariaria Market, Aba', dropoffLocation: 'Trans-Amadi, Port Harcourt', packageType: 'food', packageWeight: 'medium', transportMode: 'van', deliveryType: 'standard' },
    ];
    const created = [];
    for (const booking of bookings) {
      created.push(
        await call(shipperHeaders, '/api/book-delivery', {
          receiverName: 'Chinedu Eze',
          receiverPhone: '+2348031234567',
          deliveryTime: 'morning',
          deliveryDate: tomorrow,
          ...booking,
        }),
      );
    }
    // Three paid from the wallet; the fourth stays awaiting payment.
    for (const delivery of created.slice(0, 3)) {
      await call(shipperHeaders, '/api/payments/initiate', { deliveryId: delivery.id, method: 'wallet' });
    }
    const [first, second] = created;
    await call(operatorHeaders, `/api/dispatch/deliveries/${first.id}/assign-driver`, {
      name: 'Musa Ibrahim',
      phone: '+2348051234567',
      rating: 4.8,
      reviews: 124,
    });
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered']) {
      await call(operatorHeaders, `/api/dispatch/deliveries/${first.id}/status`, { status });
    }
    await call(operatorHeaders, `/api/dispatch/deliveries/${second.id}/assign-driver`, {
      name: 'Ngozi Umeh',
      phone: '+2348061234567',
      rating: 4.9,
      reviews: 87,
    });
    for (const status of ['picked_up', 'in_transit']) {
      await call(operatorHeaders, `/api/dispatch/deliveries/${second.id}/status`, { status });
    }

    console.log('Demo data created:');
    console.log(`  shipper   ${DEMO_EMAIL} / ${DEMO_PASSWORD}  (wallet funded, 4 deliveries)`);
    console.log(`  operator  ${OPERATOR_EMAIL} / ${DEMO_PASSWORD}  (can assign drivers and move statuses)`);
  }
} finally {
  await app.close();
}
