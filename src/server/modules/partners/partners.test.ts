import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { drivers, outboxMessages, partnerApplications, users } from '../../db/schema/index.js';
import { createStorageKey } from '../../adapters/storage/index.js';
import { createLocalFileStorage } from '../../adapters/storage/local-file-storage.js';
import { createStorageSweep, ORPHAN_AFTER_MS } from '../../adapters/storage/storage-sweep.js';
import { createPartnersRepository } from './partners-repository.js';

type Headers = Record<string, string>;
interface Part {
  field: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----lanefreight${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let PNG: Buffer;

const TRANSPORT_FIELDS = {
  businessName: 'Bello Haulage',
  preferredRoutes: 'Ikeja - Lekki, Yaba - Apapa',
  serviceAvailability: 'full_time',
  vehicleType: 'pickup',
  vehicleBrand: 'Toyota Hilux',
  plateNumber: 'lsr 123 ab',
  driversLicenceNumber: 'abc-12345-aa01',
  agreeTerms: 'true',
};
const INVESTMENT_FIELDS = {
  fullName: 'Ngozi Eze',
  phoneNumber: '+2348031234567',
  emailAddress: 'ngozi@example.ng',
  homeAddress: '12 Allen Avenue, Ikeja',
  investmentArea: 'fleet',
  initialCapital: '1m_5m',
  bankName: 'Access Bank',
  accountNumber: '0123456789',
  agreeTerms: 'true',
};

const pdfPart = (field: string, content: Buffer | string = PDF): Part => ({ field, filename: `${field}.pdf`, type: 'application/pdf', content });
const photoPart = (n: number, content: Buffer = PNG): Part => ({ field: 'vehiclePhoto', filename: `van-${n}.png`, type: 'image/png', content });

function transportationParts(options: { fields?: Record<string, string>; photos?: number; without?: string[]; extra?: Part[] } = {}): Part[] {
  const fields = { ...TRANSPORT_FIELDS, ...options.fields };
  const documents = ['idDocument', 'driversLicence', 'proofOfAddress', 'vehicleLicense', 'insuranceCertificate', 'roadWorthiness']
    .filter((kind) => !options.without?.includes(kind))
    .map((kind) => pdfPart(kind));
  return [
    { field: 'type', content: 'transportation' },
    ...Object.entries(fields).map(([field, content]) => ({ field, content })),
    ...documents,
    ...Array.from({ length: options.photos ?? 3 }, (_, n) => photoPart(n)),
    ...(options.extra ?? []),
  ];
}

function investmentParts(fields: Record<string, string> = {}): Part[] {
  return [
    { field: 'type', content: 'investment' },
    ...Object.entries({ ...INVESTMENT_FIELDS, ...fields }).map(([field, content]) => ({ field, content })),
    pdfPart('idDocument'),
    pdfPart('proofOfAddress'),
    pdfPart('proofOfFunds'),
  ];
}

describe('partner applications', () => {
  let t: TestApp;
  let uploadsDir: string;
  let operator: Headers;

  beforeAll(async () => {
    PNG = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3366cc' } }).png().toBuffer();
    uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'lf-partners-test-'));
    t = await createTestApp({ UPLOADS_DIR: uploadsDir });
    operator = (await createSignedInUser(t.deps, { name: 'Ops Desk', roles: ['customer', 'operator'] })).headers;
  });
  afterAll(async () => {
    await t?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const apply = (headers: Headers, parts: Part[]) => {
    const form = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/partner-applications',
      headers: { ...headers, 'content-type': form.contentType },
      payload: form.payload,
    });
  };
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Headers, payload: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url, headers, payload });

  async function storedDocuments(): Promise<string[]> {
    const root = path.join(uploadsDir, 'partner-documents');
    const months = await readdir(root).catch(() => [] as string[]);
    return (await Promise.all(months.map((month) => readdir(path.join(root, month))))).flat();
  }
  const applicationsOf = (userId: string) => t.deps.db.select().from(partnerApplications).where(eq(partnerApplications.userId, userId));

  /** A refused application leaves no row and no file, and names the document (or field) that was wrong. */
  async function expectRefused(parts: Part[], status: number, field: string, key: string) {
    const applicant = await createSignedInUser(t.deps);
    const before = await storedDocuments();
    const res = await apply(applicant.headers, parts);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().detailKeys).toMatchObject({ [field]: [key] });
    expect(await applicationsOf(applicant.user.id)).toEqual([]);
    expect(await storedDocuments()).toEqual(before);
    return res.json();
  }

  it('takes a transportation application with its documents and shows it to the applicant as submitted', async () => {
    const applicant = await createSignedInUser(t.deps);
    const before = (await storedDocuments()).length;
    const res = await apply(applicant.headers, transportationParts({ photos: 4 }));
    expect(res.statusCode, res.body).toBe(201);
    const application = res.json().data;
    expect(application).toMatchObject({
      type: 'transportation',
      status: 'submitted',
      rejectionReason: null,
      details: { vehicleType: 'pickup', plateNumber: 'LSR 123 AB', businessName: 'Bello Haulage', driversLicenceNumber: 'ABC12345AA01' },
    });
    expect(application.details).not.toHaveProperty('agreeTerms');
    // Acknowledged once, by email, once the application has committed (decision 093).
    const acknowledgements = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, applicant.user.email!));
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]).toMatchObject({ channel: 'email', subject: 'Lanefreight: application received' });
    expect(acknowledgements[0]!.body).toBe(
      'Lanefreight: we received your application to become a transportation partner. We will reply within 24-48 hours. See its status under Become a Partner in the app.',
    );
    expect(application.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(
      ['idDocument', 'driversLicence', 'insuranceCertificate', 'proofOfAddress', 'roadWorthiness', 'vehicleLicense', ...Array(4).fill('vehiclePhoto')].sort(),
    );
    expect(await storedDocuments()).toHaveLength(before + 10);

    const mine = await get('/api/partner-applications/mine', applicant.headers);
    expect(mine.json().data).toEqual([application]);
  });

  it('acknowledges an application by SMS to an account without an email, in its language; a refused one is not acknowledged', async () => {
    const phone = `+23480${String(Date.now()).slice(-8)}`;
    const applicant = await createSignedInUser(t.deps, { email: null, phone, language: 'ha' });
    expect((await apply(applicant.headers, investmentParts({ agreeTerms: 'false' }))).statusCode).toBe(400);
    expect(await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).toEqual([]);

    expect((await apply(applicant.headers, investmentParts())).statusCode).toBe(201);
    const [sms, ...more] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ channel: 'sms', subject: 'Lanefreight: mun karɓi buƙatarku' });
    expect(sms!.body).toContain('abokin hulɗar zuba jari');
    expect(sms!.body).toContain('24-48');
  });

  it("the storage sweep keeps an application's documents and removes an old file no application points to", async () => {
    const applicant = await createSignedInUser(t.deps);
    expect((await apply(applicant.headers, transportationParts({ photos: 3 }))).statusCode).toBe(201);
    const storage = createLocalFileStorage(uploadsDir);
    const orphan = createStorageKey('partner-documents', 'pdf');
    await storage.put(orphan, Buffer.from('%PDF-1.7 left behind by a crash'));
    const sweep = createStorageSweep(storage, [{ namespace: 'partner-documents', keptAmong: createPartnersRepository(t.deps.db).documentKeysAmong }], {
      warn: () => undefined,
    });
    const documents = await storedDocuments();
    // As if an hour had passed for every file stored so far.
    expect(await sweep.sweep(new Date(Date.now() + ORPHAN_AFTER_MS + 60_000))).toBe(1);
    expect(await storage.exists(orphan)).toBe(false);
    expect(await storedDocuments()).toHaveLength(documents.length - 1);
  });

  it('accepts an investment application without the optional CAC certificate', async () => {
    const applicant = await createSignedInUser(t.deps);
    const res = await apply(applicant.headers, investmentParts());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'investment', status: 'submitted', details: { accountNumber: '0123456789' } });
  });

  describe('refuses, naming the document, and leaves nothing behind', () => {
    it('a file whose content is not PDF, JPEG, PNG or WebP, whatever its name and declared type', async () => {
      const parts = transportationParts({ without: ['vehicleLicense'] });
      parts.push(pdfPart('vehicleLicense', '<html><script>alert(1)</script></html>'));
      const body = await expectRefused(parts, 415, 'vehicleLicense', 'validation.partners.documentType');
      expect(body.code).toBe('FILE_TYPE_NOT_ALLOWED');
    });

    it('a PDF that is also a web page (a PDF/HTML polyglot), or that carries JavaScript: 422 FILE_UNSAFE', async () => {
      const polyglot = Buffer.concat([PDF, Buffer.from('<html><body><script>fetch("/api/user-profile")</script></body></html>\n')]);
      const parts = transportationParts({ without: ['proofOfAddress'], extra: [pdfPart('proofOfAddress', polyglot)] });
      const body = await expectRefused(parts, 422, 'proofOfAddress', 'validation.partners.documentUnsafe');
      expect(body).toMatchObject({ success: false, code: 'FILE_UNSAFE' });
      expect(body.details.proofOfAddress).toEqual(['This file contains scripts or web page code. Save it again as a plain PDF or a photo.']);

      const scripted = Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj\n2 0 obj << /S /JavaScript /JS (app.alert\\(1\\)) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      );
      const withScript = transportationParts({ without: ['idDocument'], extra: [pdfPart('idDocument', scripted)] });
      expect((await expectRefused(withScript, 422, 'idDocument', 'validation.partners.documentUnsafe')).code).toBe('FILE_UNSAFE');

      // A picture is checked for HTML too.
      const taggedPhoto = Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')]);
      await expectRefused(transportationParts({ photos: 2, extra: [photoPart(3, taggedPhoto)] }), 422, 'vehiclePhoto', 'validation.partners.documentUnsafe');
    });

    it('a PDF offered as a vehicle photo', async () => {
      const parts = transportationParts({ photos: 2, extra: [{ field: 'vehiclePhoto', filename: 'van.png', type: 'image/png', content: PDF }] });
      await expectRefused(parts, 415, 'vehiclePhoto', 'validation.partners.photoType');
    });

    it('a file over 10 MB', async () => {
      const large = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      const parts = transportationParts({ without: ['insuranceCertificate'], extra: [pdfPart('insuranceCertificate', large)] });
      const body = await expectRefused(parts, 413, 'insuranceCertificate', 'validation.partners.documentTooLarge');
      expect(body.code).toBe('FILE_TOO_LARGE');
    });

    it('a file over 10 MB in the middle of the documents: the rest of the body is read, the answer arrives', async () => {
      const large = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      const parts = transportationParts({ without: ['idDocument'] });
      parts.splice(parts.findIndex((part) => part.field === 'proofOfAddress'), 0, pdfPart('idDocument', large));
      await expectRefused(parts, 413, 'idDocument', 'validation.partners.documentTooLarge');
    });

    it('a request that is not multipart, or has no type, or too many fields', async () => {
      const applicant = await createSignedInUser(t.deps);
      const json = await t.app.inject({ method: 'POST', url: '/api/partner-applications', headers: applicant.headers, payload: { type: 'investment' } });
      expect(json.statusCode).toBe(415);
      await expectRefused(investmentParts().filter((part) => part.field !== 'type' && !part.filename), 400, 'type', 'validation.partners.partnerType');
      const crowded = await apply(applicant.headers, [
        { field: 'type', content: 'investment' },
        ...Array.from({ length: 30 }, (_, n) => ({ field: `extra${n}`, content: 'x' })),
      ]);
      expect(crowded.statusCode).toBe(400);
    });

    it('a sixth vehicle photo, or a second ID document', async () => {
      await expectRefused(transportationParts({ photos: 6 }), 400, 'vehiclePhoto', 'validation.partners.tooManyFiles');
      await expectRefused(transportationParts({ extra: [pdfPart('idDocument')] }), 400, 'idDocument', 'validation.partners.tooManyFiles');
    });

    it('a missing required document, and fewer than 3 vehicle photos', async () => {
      await expectRefused(transportationParts({ without: ['roadWorthiness'] }), 400, 'roadWorthiness', 'validation.partners.documentRequired');
      // The driver's licence: its document and its number, in the licence's own shape.
      await expectRefused(transportationParts({ without: ['driversLicence'] }), 400, 'driversLicence', 'validation.partners.documentRequired');
      await expectRefused(transportationParts({ fields: { driversLicenceNumber: ' ' } }), 400, 'driversLicenceNumber', 'validation.partners.driversLicenceNumber');
      await expectRefused(transportationParts({ fields: { driversLicenceNumber: 'ABCDEFGHIJ' } }), 400, 'driversLicenceNumber', 'validation.partners.driversLicenceNumberFormat');
      await expectRefused(transportationParts({ photos: 2 }), 400, 'vehiclePhoto', 'validation.partners.tooFewPhotos');
      const parts = investmentParts().filter((part) => part.field !== 'proofOfFunds');
      await expectRefused(parts, 400, 'proofOfFunds', 'validation.partners.documentRequired');
    });

    it('a document the type does not have (proof of funds on a transportation application)', async () => {
      await expectRefused(transportationParts({ extra: [pdfPart('proofOfFunds')] }), 400, 'proofOfFunds', 'validation.partners.unknownDocument');
    });

    it('terms not agreed, and the investment form without its required fields', async () => {
      const body = await expectRefused(transportationParts({ fields: { agreeTerms: 'false' } }), 400, 'agreeTerms', 'auth.validation.termsRequired');
      expect(body.message).toBe('Please agree to the terms and conditions');
      const json = await expectRefused(
        investmentParts({ fullName: '', phoneNumber: '', emailAddress: 'not-an-email', homeAddress: ' ', bankName: '', accountNumber: '12' }),
        400,
        'fullName',
        'validation.partners.fullName',
      );
      expect(json.detailKeys).toMatchObject({
        phoneNumber: ['validation.partners.phoneNumber'],
        emailAddress: ['validation.partners.emailAddressFormat'],
        homeAddress: ['validation.partners.homeAddress'],
        bankName: ['validation.partners.bankName'],
        accountNumber: ['validation.partners.accountNumber'],
      });
    });

    it('documents sent before the type', async () => {
      const parts = transportationParts();
      const type = parts.shift()!;
      parts.push(type);
      await expectRefused(parts, 400, 'type', 'validation.partners.partnerType');
    });
  });

  it('allows one open application per type, and a new one once the last was decided', async () => {
    const applicant = await createSignedInUser(t.deps);
    expect((await apply(applicant.headers, transportationParts())).statusCode).toBe(201);
    const files = (await storedDocuments()).length;
    const again = await apply(applicant.headers, transportationParts());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPLICATION_ALREADY_OPEN');
    expect(await storedDocuments()).toHaveLength(files);
    // The other type is a different application.
    expect((await apply(applicant.headers, investmentParts())).statusCode).toBe(201);

    const [open] = (await get('/api/partner-applications/mine', applicant.headers)).json().data.filter((a: { type: string }) => a.type === 'transportation');
    expect((await post(`/api/operator/partner-applications/${open.id}/reject`, operator, { reason: 'Plate number unreadable' })).statusCode).toBe(200);
    expect((await apply(applicant.headers, transportationParts())).statusCode).toBe(201);
  });

  it('two applications of one type sent at once: one is taken, the other is a 409 and leaves no file', async () => {
    const applicant = await createSignedInUser(t.deps);
    const before = (await storedDocuments()).length;
    const answers = await Promise.all([apply(applicant.headers, investmentParts()), apply(applicant.headers, investmentParts())]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().code).toBe('APPLICATION_ALREADY_OPEN');
    expect(await applicationsOf(applicant.user.id)).toHaveLength(1);
    expect(await storedDocuments()).toHaveLength(before + 3);
  });

  describe('operator routes', () => {
    it('are for operators only: a customer gets 403, a visitor 401, on every one', async () => {
      const customer = await createSignedInUser(t.deps);
      const created = await apply(customer.headers, investmentParts());
      const id = created.json().data.id as string;
      const routes: [string, string][] = [
        ['GET', '/api/operator/partner-applications'],
        ['GET', `/api/operator/partner-applications/${id}`],
        ['POST', `/api/operator/partner-applications/${id}/start-review`],
        ['POST', `/api/operator/partner-applications/${id}/approve`],
        ['POST', `/api/operator/partner-applications/${id}/reject`],
      ];
      for (const [method, url] of routes) {
        const asCustomer = await t.app.inject({ method: method as 'GET', url, headers: customer.headers, ...(method === 'POST' && { payload: { reason: 'x' } }) });
        expect(asCustomer.statusCode, url).toBe(403);
        expect(asCustomer.json().code).toBe('FORBIDDEN');
        expect((await t.app.inject({ method: method as 'GET', url })).statusCode, url).toBe(401);
      }
      const [row] = await applicationsOf(customer.user.id);
      expect(row!.status).toBe('submitted');
    });

    it('list and filter by status and type, and show one with its applicant and documents', async () => {
      const applicant = await createSignedInUser(t.deps, { name: 'Filter Person' });
      const id = (await apply(applicant.headers, investmentParts())).json().data.id as string;
      const investments = (await get('/api/operator/partner-applications?type=investment&status=submitted', operator)).json().data.items;
      expect(investments.map((a: { id: string }) => a.id)).toContain(id);
      expect(investments.every((a: { type: string; status: string }) => a.type === 'investment' && a.status === 'submitted')).toBe(true);
      const transport = (await get('/api/operator/partner-applications?type=transportation', operator)).json().data.items;
      expect(transport.map((a: { id: string }) => a.id)).not.toContain(id);
      expect((await get('/api/operator/partner-applications?status=nonsense', operator)).statusCode).toBe(400);

      const one = (await get(`/api/operator/partner-applications/${id}`, operator)).json().data;
      expect(one.applicant).toMatchObject({ id: applicant.user.id, name: 'Filter Person', email: applicant.user.email });
      expect(one.documents).toHaveLength(3);
      expect((await get(`/api/operator/partner-applications/${crypto.randomUUID()}`, operator)).statusCode).toBe(404);
    });

    it('approving a transportation application makes the applicant a driver with the vehicle on record, and tells them', async () => {
      const applicant = await createSignedInUser(t.deps);
      const id = (await apply(applicant.headers, transportationParts())).json().data.id as string;

      const review = await post(`/api/operator/partner-applications/${id}/start-review`, operator);
      expect(review.json().data.status).toBe('under_review');
      expect((await get('/api/partner-applications/mine', applicant.headers)).json().data[0].status).toBe('under_review');

      // The applicant's session was just used as a customer (and is cached so): not a driver yet.
      expect((await get('/api/driver/jobs', applicant.headers)).statusCode).toBe(403);
      const approved = await post(`/api/operator/partner-applications/${id}/approve`, operator);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.status).toBe('approved');
      // The same session is a driver at once, not once its cached roles expire.
      expect((await get('/api/driver/jobs', applicant.headers)).statusCode).toBe(200);

      const [user] = await t.deps.db.select({ roles: users.roles }).from(users).where(eq(users.id, applicant.user.id));
      expect(user!.roles).toContain('driver');
      const [driver] = await t.deps.db.select().from(drivers).where(eq(drivers.userId, applicant.user.id));
      // A pickup carries what a van carries (decision 032).
      expect(driver).toMatchObject({ transportMode: 'van', vehicleType: 'pickup', vehicleBrand: 'Toyota Hilux', plateNumber: 'LSR 123 AB', applicationId: id });
      // Off duty until they switch on themselves (decision 093): not yet assignable.
      expect(driver).toMatchObject({ onDuty: false, onDutyChangedAt: null });
      const summary = (await get('/api/driver/summary', applicant.headers)).json().data;
      expect(summary).toMatchObject({ availableForWork: false, duty: { onDuty: false, changedAt: null } });

      const notifications = (await get('/api/notifications', applicant.headers)).json().data.items;
      expect(notifications[0]).toMatchObject({ type: 'partner', messageKey: 'transportationApplicationApproved', read: false });

      // Decided once: a second approval or a rejection now is a conflict, and changes nothing.
      expect((await post(`/api/operator/partner-applications/${id}/approve`, operator)).json().code).toBe('APPLICATION_ALREADY_DECIDED');
      expect((await post(`/api/operator/partner-applications/${id}/reject`, operator, { reason: 'late' })).statusCode).toBe(409);
    });

    it('the default filter (open) keeps an application through "Start review"; the decision reaches the applicant by email too', async () => {
      const applicant = await createSignedInUser(t.deps, { language: 'fr' });
      const id = (await apply(applicant.headers, transportationParts())).json().data.id as string;
      const openIds = async () => (await get('/api/operator/partner-applications?status=open&limit=100', operator)).json().data.items.map((a: { id: string }) => a.id);
      expect(await openIds()).toContain(id);
      expect((await post(`/api/operator/partner-applications/${id}/start-review`, operator)).statusCode).toBe(200);
      expect(await openIds()).toContain(id);
      expect((await post(`/api/operator/partner-applications/${id}/reject`, operator, { reason: 'Permis expiré' })).statusCode).toBe(200);
      expect(await openIds()).not.toContain(id);

      const emails = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, applicant.user.email!)).orderBy(outboxMessages.createdAt);
      // The acknowledgement of the application first (decision 093), then the decision.
      expect(emails.map((row) => row.subject)).toEqual(['Lanefreight: candidature reçue', 'Votre candidature Lanefreight n’a pas été acceptée']);
      const email = emails[1];
      expect(email).toMatchObject({ channel: 'email', subject: 'Votre candidature Lanefreight n’a pas été acceptée' });
      expect(email!.body).toContain('partenaire transporteur');
      expect(email!.body).toContain('Permis expiré');
    });

    it('an approval is emailed to an applicant with an email, in their language', async () => {
      const applicant = await createSignedInUser(t.deps);
      const id = (await apply(applicant.headers, investmentParts())).json().data.id as string;
      expect((await post(`/api/operator/partner-applications/${id}/approve`, operator)).statusCode).toBe(200);
      const rows = (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, applicant.user.email!))).filter(
        (row) => row.subject !== 'Lanefreight: application received',
      );
      expect(rows.map((r) => r.subject)).toEqual(['Your Lanefreight application was approved']);
      expect(rows[0]!.body).toContain('investment partner');
      // The one next step of an investor, as the in-app notification says it too (decision 093): nothing to sign in for.
      expect(rows[0]!.body).toContain('Our team will contact you about the next steps.');
      expect(rows[0]!.body).not.toContain('Sign in');
    });

    it('approving an investment application makes no driver', async () => {
      const applicant = await createSignedInUser(t.deps);
      const id = (await apply(applicant.headers, investmentParts())).json().data.id as string;
      expect((await post(`/api/operator/partner-applications/${id}/approve`, operator)).statusCode).toBe(200);
      expect(await t.deps.db.select().from(drivers).where(eq(drivers.userId, applicant.user.id))).toEqual([]);
      const [notification] = (await get('/api/notifications', applicant.headers)).json().data.items;
      expect(notification.messageKey).toBe('investmentApplicationApproved');
    });

    it('rejecting needs a reason, which the applicant sees and is told', async () => {
      const applicant = await createSignedInUser(t.deps);
      const id = (await apply(applicant.headers, transportationParts())).json().data.id as string;
      for (const body of [{}, { reason: '   ' }]) {
        const res = await post(`/api/operator/partner-applications/${id}/reject`, operator, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().detailKeys).toEqual({ reason: ['validation.partners.rejectionReason'] });
      }
      const rejected = await post(`/api/operator/partner-applications/${id}/reject`, operator, { reason: 'Insurance certificate expired' });
      expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'Insurance certificate expired' });
      expect((await get('/api/partner-applications/mine', applicant.headers)).json().data[0]).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Insurance certificate expired',
      });
      const [notification] = (await get('/api/notifications', applicant.headers)).json().data.items;
      expect(notification).toMatchObject({ messageKey: 'transportationApplicationRejected', params: { reason: 'Insurance certificate expired' } });
      expect(await t.deps.db.select().from(drivers).where(eq(drivers.userId, applicant.user.id))).toEqual([]);
    });
  });

  it('serves a document to its applicant and to operators, and 404 to anyone else', async () => {
    const applicant = await createSignedInUser(t.deps);
    const application = (await apply(applicant.headers, transportationParts())).json().data;
    const photo = application.documents.find((d: { kind: string }) => d.kind === 'vehiclePhoto');
    const url = `/api/partner-applications/${application.id}/documents/${photo.id}`;

    const pdf = application.documents.find((d: { kind: string }) => d.kind === 'proofOfAddress');
    const pdfUrl = `/api/partner-applications/${application.id}/documents/${pdf.id}`;

    for (const headers of [applicant.headers, operator]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${photo.originalName}"; filename*=UTF-8''${photo.originalName}`);
      expect(photo.originalName).toMatch(/^van-\d\.png$/);
      expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
      expect(res.rawPayload.equals(PNG)).toBe(true);

      // A clean PDF is accepted and goes out as a download, sandboxed, never sniffed.
      const document = await get(pdfUrl, headers);
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-type']).toBe('application/pdf');
      expect(document.headers['content-disposition']).toBe(`attachment; filename="proofOfAddress.pdf"; filename*=UTF-8''proofOfAddress.pdf`);
      expect(document.headers['content-security-policy']).toMatch(/^sandbox(;|$)/);
      expect(document.headers['x-content-type-options']).toBe('nosniff');
      expect(document.headers['cache-control']).toBe('private, no-store');
      expect(document.rawPayload.equals(PDF)).toBe(true);
    }
    const stranger = await createSignedInUser(t.deps);
    const refused = await get(url, stranger.headers);
    expect(refused.statusCode).toBe(404);
    expect((await get(`/api/partner-applications/${application.id}/documents/${crypto.randomUUID()}`, stranger.headers)).statusCode).toBe(404);
    expect((await get(url, {})).statusCode).toBe(401);
  });
});
