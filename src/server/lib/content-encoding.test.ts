import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './content-encoding.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['*;q=0.1, gzip;q=0.2', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=abc', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
