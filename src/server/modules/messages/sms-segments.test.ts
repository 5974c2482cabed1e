import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments.js';

describe('SMS segments', () => {
  it('GSM-7: 160 characters in one SMS, 153 per part beyond', () => {
    expect(countSmsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(countSmsSegments('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(countSmsSegments('a'.repeat(306))).toEqual({ encoding: 'gsm7', units: 306, segments: 2 });
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
    // é, ü, ß, à are in the GSM alphabet.
    expect(countSmsSegments('Ihr Paket für Müller, à bientôt'.replace('ô', 'o')).encoding).toBe('gsm7');
  });

  it('the extension table costs two septets a character', () => {
    expect(countSmsSegments('€')).toEqual({ encoding: 'gsm7', units: 2, segments: 1 });
    expect(countSmsSegments('[' + 'a'.repeat(158) + ']').segments).toBe(2);
  });

  it('anything else is UCS-2: 70 units in one SMS, 67 per part beyond', () => {
    expect(countSmsSegments('ọ'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(countSmsSegments('ọ'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, segments: 2 });
    expect(countSmsSegments('ƙ'.repeat(134)).segments).toBe(2);
    expect(countSmsSegments('ị'.repeat(135)).segments).toBe(3);
    expect(countSmsSegments('código').encoding).toBe('ucs2');
  });

  it("counts Yoruba's combining tone marks as units of their own, after NFC", () => {
    // ẹ́ has no precomposed form: ẹ (U+1EB9) + combining acute (U+0301).
    expect(countSmsSegments('ẹ́').units).toBe(2);
    // é written decomposed is composed first: one unit (and GSM-7).
    expect(countSmsSegments('e\u0301')).toEqual({ encoding: 'gsm7', units: 1, segments: 1 });
  });
});
