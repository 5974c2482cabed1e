import { describe, expect, it } from 'vitest';
import { nextStepFor, telHref } from './next-step';
import { PROOF_PHOTO_MAX_BYTES } from '@/shared/upload-limits';
import { fitWithin, isAcceptablePhoto } from './photo';

describe('nextStepFor', () => {
  it.each([
    ['pending', 'picked_up'],
    ['picked_up', 'in_transit'],
    ['in_transit', 'out_for_delivery'],
    ['out_for_delivery', 'deliver'],
  ] as const)('%s → %s', (status, next) => {
    expect(nextStepFor(status, 5)).toBe(next);
  });

  it('offers nothing once locked out: only an operator can complete it', () => {
    expect(nextStepFor('out_for_delivery', 0)).toBeNull();
  });

  it.each(['delivered', 'cancelled', 'awaiting_payment'] as const)('offers nothing for %s', (status) => {
    expect(nextStepFor(status, 5)).toBeNull();
  });
});

describe('telHref', () => {
  it('keeps the + and the digits only', () => {
    expect(telHref(' +234 (803) 123-4567 ')).toBe('tel:+2348031234567');
    expect(telHref('0803 123 4567')).toBe('tel:08031234567');
  });
});

describe('fitWithin', () => {
  it('shrinks the long side to the limit and keeps the shape', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('isAcceptablePhoto', () => {
  it('takes JPEG, PNG and WebP up to the limit', () => {
    expect(isAcceptablePhoto({ type: 'image/jpeg', size: 1000 })).toBe(true);
    expect(isAcceptablePhoto({ type: 'image/webp', size: PROOF_PHOTO_MAX_BYTES })).toBe(true);
  });

  it('refuses other types and files over the limit', () => {
    expect(isAcceptablePhoto({ type: 'image/heic', size: 1000 })).toBe(false);
    expect(isAcceptablePhoto({ type: 'application/pdf', size: 1000 })).toBe(false);
    expect(isAcceptablePhoto({ type: 'image/png', size: PROOF_PHOTO_MAX_BYTES + 1 })).toBe(false);
  });
});
