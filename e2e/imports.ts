import type { Page } from '@playwright/test';
import { inTwoDays } from './api.js';

/** The bulk import's columns, as the template the imports page offers names them (decision 055). */
export const IMPORT_HEADER =
  'pickupPlace,pickupLine,dropoffPlace,dropoffLine,packageType,packageWeight,transportMode,deliveryType,deliveryTime,deliveryDate,receiverName,receiverPhone';

/** A two-row import across Lagos; a second package type the rules refuse makes its second row the bad one. */
export function importCsv(secondPackageType: string) {
  const date = inTwoDays();
  return Buffer.from(
    [
      IMPORT_HEADER,
      `Victoria Island,12 Ligali Ayorinde Street,Ikoyi,5 Awolowo Road,documents,light,bike,standard,morning,${date},Amaka Obi,+2348031234567`,
      `Yaba,7 Herbert Macaulay Way,Ikoyi,9 Bourdillon Road,${secondPackageType},light,bike,standard,afternoon,${date},Tunde Bakare,08051112233`,
      '',
    ].join('\r\n'),
  );
}

/** Chooses the file on the imports page and asks for its check, as a person does. */
export async function uploadCsv(page: Page, name: string, content: Buffer) {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
  await page.getByRole('button', { name: 'Upload and check' }).click();
}
