import { describe, expect, it } from 'vitest';
import { progressPerFile } from '../api/submit-application';
import { documentProblems, orderedDocuments } from './documents';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('upload progress per file', () => {
  it('spreads the bytes sent over the files in order, after the fields', () => {
    // 100 bytes of fields and headers, then files of 200, 300 and 400 bytes.
    expect(progressPerFile([200, 300, 400], 0, 1000)).toEqual([0, 0, 0]);
    expect(progressPerFile([200, 300, 400], 200, 1000)).toEqual([0.5, 0, 0]);
    expect(progressPerFile([200, 300, 400], 450, 1000)).toEqual([1, 0.5, 0]);
    expect(progressPerFile([200, 300, 400], 1000, 1000)).toEqual([1, 1, 1]);
  });
});

describe('documents before sending', () => {
  it('names each missing or wrong document, as the server would', () => {
    const photos = [file('a.png', 'image/png'), file('b.png', 'image/png')];
    expect(
      documentProblems('transportation', {
        idDocument: [file('id.pdf', 'application/pdf')],
        proofOfAddress: [file('bill.txt', 'text/plain')],
        vehicleLicense: [file('licence.pdf', 'application/pdf', 10 * 1024 * 1024 + 1)],
        vehiclePhoto: photos,
      }),
    ).toEqual({
      driversLicence: 'validation.partners.documentRequired',
      proofOfAddress: 'validation.partners.documentType',
      vehicleLicense: 'validation.partners.documentTooLarge',
      insuranceCertificate: 'validation.partners.documentRequired',
      roadWorthiness: 'validation.partners.documentRequired',
      vehiclePhoto: 'validation.partners.tooFewPhotos',
    });
    expect(documentProblems('investment', { idDocument: [file('id.pdf', 'application/pdf')], proofOfAddress: [file('p.jpg', 'image/jpeg')], proofOfFunds: [file('f.pdf', 'application/pdf')] })).toEqual({});
    expect(documentProblems('transportation', { vehiclePhoto: [file('scan.pdf', 'application/pdf')] }).vehiclePhoto).toBe('validation.partners.photoType');
  });

  it('sends the documents in the form order', () => {
    const chosen = { proofOfFunds: [file('f.pdf', 'application/pdf')], idDocument: [file('id.pdf', 'application/pdf')] };
    expect(orderedDocuments('investment', chosen).map((d) => d.kind)).toEqual(['idDocument', 'proofOfFunds']);
  });
});
