import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { E2E_OPERATOR } from './operator.js';
import { signUpInBrowser } from './accounts.js';
import { SHARED_TOASTER, expectNoAxeViolations, expectNoClippedButtons, expectNoHorizontalScroll, toast } from './page-checks.js';

/**
 * Issue 12, partner applications: a person applies as a transportation partner with real files, sees each file
 * upload and the success screen, then the status; the operator approves it in the console; the person sees it.
 */

const PASSWORD = 'Cargo!Lane-2718';

const signUp = (request: APIRequestContext, context: BrowserContext, name: string) =>
  signUpInBrowser(request, context, name, PASSWORD, 'partner');

/** A real PNG of `width`×`height` noisy pixels (noise does not compress, so the file has weight to upload). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < rows.length; i++) rows[i] = i % (width * 3 + 1) === 0 ? 0 : (i * 2654435761) >>> 24;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small, valid one-page PDF. */
function pdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 24 72 Td (${title}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 24 72 Td (${title}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const documentInput = (page: Page, kind: string) => page.locator(`input[type=file][data-document="${kind}"]`);

test('apply as a transportation partner with real files, then an operator approves it', async ({ page, context, request, browser }) => {
  const name = `Musa Partner ${Date.now()}`;
  const email = await signUp(request, context, name);

  await page.goto('/dashboard/become-partner');
  await expect(page.getByRole('heading', { name: 'Become a Partner', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Investment Partner' })).toBeVisible();
  for (const figure of ['5,000+', '₦2.5M', '50K+', '24/7', 'Earn up to ₦200,000+ monthly', '12%-18% annual returns']) {
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('You have not applied yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Your Investment Journey' })).toHaveAttribute('href', '/dashboard/investment-partner-form');
  await page.getByRole('link', { name: 'Start Driving & Earning' }).click();
  await expect(page).toHaveURL('/dashboard/transportation-partner-form');

  // The back arrow returns to the choices.
  await page.getByRole('link', { name: 'Back to Become a Partner' }).click();
  await expect(page).toHaveURL('/dashboard/become-partner');
  await page.getByRole('link', { name: 'Start Driving & Earning' }).click();

  // Nothing filled in: the terms come first, as in the spec, and every field says what it needs.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Terms Required')).toContainText('Please agree to the terms and conditions');
  await expect(page.getByText('Preferred routes are required')).toBeVisible();
  await expect(page.getByText('Please upload this document')).toHaveCount(6);
  await expect(page.getByText("Driver's licence number is required")).toBeVisible();
  await expect(page.getByText('Upload 3 to 5 vehicle photos')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

  await page.getByLabel('Business name (optional)').fill('Bello Haulage');
  await page.getByLabel('Preferred routes').fill('Ikeja - Lekki, Yaba - Apapa');
  await page.getByRole('radio', { name: 'Part-time' }).click();
  await page.getByRole('radio', { name: 'Pickup' }).click();
  await page.getByLabel('Vehicle brand').fill('Toyota Hilux');
  await page.getByLabel('Plate number').fill('lsr 123 ab');
  await page.getByLabel("Driver's licence number").fill('abc 12345 aa01');
  for (const kind of ['idDocument', 'driversLicence', 'proofOfAddress', 'vehicleLicense', 'insuranceCertificate', 'roadWorthiness']) {
    await documentInput(page, kind).setInputFiles({ name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: pdf(kind) });
  }
  const photo = png(120, 100);
  await documentInput(page, 'vehiclePhoto').setInputFiles([1, 2, 3].map((n) => ({ name: `pickup-${n}.png`, mimeType: 'image/png', buffer: photo })));
  await expect(page.getByText('pickup-3.png')).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).click();

  // The server answers a moment late, so the busy form can be read: "Submitting..." and a progress bar per file.
  let releaseUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/partner-applications', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: /pickup-1\.png: \d+% uploaded/ })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(9);
  releaseUpload();

  await expect(page).toHaveURL('/dashboard/partner-success');
  await page.unroute('**/api/partner-applications');
  await expect(page.getByRole('heading', { name: 'Welcome to the Family!' })).toBeVisible();
  await expect(page.getByText('Expect a response within 24-48 hours.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/dashboard/become-partner');
  const mine = page.getByTestId('partner-application');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Transportation Partner');
  await expect(mine).toContainText('Submitted');
  await expect(page.getByRole('button', { name: 'Application in progress' })).toBeDisabled();

  // A customer has no console.
  await page.goto('/dashboard/operator/applications');
  await expect(page.getByRole('heading', { name: 'Partner applications' })).toHaveCount(0);

  // The operator, in another browser, opens the application and its documents, and approves it.
  const operatorContext = await browser.newContext();
  const signedIn = await operatorContext.request.post('/api/login', { data: { identifier: E2E_OPERATOR.email, password: E2E_OPERATOR.password } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const desk = await operatorContext.newPage();
  await desk.goto('/dashboard/operator/applications');
  await expect(desk.getByRole('heading', { name: 'Partner applications' })).toBeVisible();
  await desk.getByLabel('Type', { exact: true }).selectOption('transportation');
  const card = desk.getByTestId('operator-application').filter({ hasText: name });
  await expect(card).toContainText('Pickup');
  await expect(card).toContainText('LSR 123 AB');
  await expectNoHorizontalScroll(desk);
  await expectNoAxeViolations(desk, { exclude: [SHARED_TOASTER] });
  const licence = card.getByRole('link', { name: 'Vehicle licence' });
  const licenceFile = await operatorContext.request.get((await licence.getAttribute('href'))!);
  expect(licenceFile.status()).toBe(200);
  expect(licenceFile.headers()['content-type']).toBe('application/pdf');
  expect((await licenceFile.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The applicant reads their own document too; nobody else can.
  expect((await request.get((await licence.getAttribute('href'))!)).status()).toBe(200);

  // Documents are labelled by kind and slot; the photos show as thumbnails of the same authenticated URL.
  await expect(card.getByRole('link', { name: "Driver's licence" })).toBeVisible();
  for (const n of [1, 2, 3]) {
    const photo = card.getByRole('link', { name: `Vehicle photo ${n}`, exact: true });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  }
  await expect(card.getByRole('link', { name: 'Vehicle licence' }).locator('img')).toHaveCount(0);

  // Start review keeps the application in the default list ("Waiting for a decision").
  await expect(desk.getByLabel('Status', { exact: true })).toHaveValue('open');
  await card.getByRole('button', { name: 'Start review' }).click();
  await expect(toast(desk, `Review of ${name}'s application started`)).toBeVisible();
  await expect(card).toContainText('Under review');

  // Approve asks once more, saying what follows (decision 093); Back leaves the application as it was.
  await card.getByRole('button', { name: 'Approve' }).click();
  const confirm = desk.getByRole('dialog', { name: `Approve ${name}'s application?` });
  await expect(confirm).toContainText(`${name} is told of the decision and becomes a driver with this vehicle, off duty until they switch on.`);
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toContainText('Under review');
  await card.getByRole('button', { name: 'Approve' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toast(desk, `Application of ${name} approved`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await desk.getByLabel('Status', { exact: true }).selectOption('approved');
  await expect(desk.getByTestId('operator-application').filter({ hasText: name })).toContainText('Approved');
  await operatorContext.close();

  // The applicant sees the decision, and is told.
  await page.goto('/dashboard/become-partner');
  await expect(page.getByTestId('partner-application')).toContainText('Approved');
  await expect(page.getByTestId('partner-application')).toContainText('Welcome to the Lanefreight family!');
  await page.goto('/dashboard/notifications');
  // The next step is the one the email says too: the new driver starts off duty and switches on (decision 093).
  await expect(page.getByText('Your transportation partner application was approved. Sign in to Lanefreight and switch on "On duty"')).toBeVisible();
  // …and by email.
  await expect
    .poll(async () => {
      const mailbox = (await (await request.get(`/api/dev/messages?to=${encodeURIComponent(email)}`)).json()) as { data: { subject: string }[] };
      return mailbox.data.map((message) => message.subject);
    })
    .toContain('Your Lanefreight application was approved');
});

test('the investment form at 360 px: every required field said, Cancel back to the choices, accessible', async ({ page, context, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signUp(request, context, 'Ngozi Investor');
  // In French the calls to action are longer than the card: they wrap, whole (decision 093).
  await page.goto('/dashboard/become-partner?lng=fr');
  await expect(page.getByRole('link', { name: "Commencez votre parcours d'investisseur" })).toBeVisible();
  await expectNoClippedButtons(page, { what: 'become-partner in French at 360 px' });
  await page.goto('/dashboard/become-partner?lng=en-US');
  await expect(page.getByRole('link', { name: 'Start Your Investment Journey' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoClippedButtons(page);
  await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

  await page.getByRole('link', { name: 'Start Your Investment Journey' }).click();
  await expect(page.getByRole('heading', { name: 'Investment Partner Application' })).toBeVisible();
  for (const option of ['Logistics', 'Technology', 'Fleet', 'Warehousing', '₦100K - ₦500K', '₦500K - ₦1M', '₦1M - ₦5M', '₦5M+']) {
    await expect(page.getByRole('radio', { name: option, exact: true })).toBeVisible();
  }
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).click();
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Validation Error')).toContainText('Full name is required');
  for (const message of [
    'Full name is required',
    'Phone number is required',
    'Enter a valid email address',
    'Home address is required',
    'Investment area is required',
    'Initial capital is required',
    'Bank name is required',
    'The account number must be 10 digits',
  ]) {
    await expect(page.getByRole('main').getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Please upload this document')).toHaveCount(3);
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/dashboard/become-partner');
});
