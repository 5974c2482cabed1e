import { describe, expect, it } from 'vitest';
import { findBank, isValidNuban, NIGERIAN_BANKS, nubanCheckDigit, nubanProblem } from './banks.js';
import { listBanks, PAYOUT_MESSAGES, payoutAccountSchema } from './schemas/payouts.js';

/** Builds an account number at a bank by appending the check digit the standard prescribes. */
function accountAt(bankCode: string, serial: string): string {
  return serial + String(nubanCheckDigit(findBank(bankCode)!.nubanCode!, serial));
}

describe('NUBAN check digit', () => {
  it("matches the CBN proposal's worked example (First Bank, serial 000001457 → 0000014579)", () => {
    expect(nubanCheckDigit('000011', '000001457')).toBe(9);
    expect(isValidNuban('011', '0000014579')).toBe(true);
  });

  it('matches the second worked example, where 10 − (30 mod 10) becomes 0', () => {
    expect(nubanCheckDigit('000011', '000000022')).toBe(0);
    expect(isValidNuban('011', '0000000220')).toBe(true);
  });

  it('accepts a real-format GTBank number and rejects every other last digit', () => {
    expect(isValidNuban('058', '0016563228')).toBe(true);
    for (let digit = 0; digit <= 9; digit++) {
      if (digit === 8) continue;
      expect(nubanProblem('058', `001656322${digit}`)).toBe('checkDigit');
    }
  });

  it('weights the institution code: the same serial has another check digit at another bank', () => {
    const serial = '123456789';
    const access = nubanCheckDigit('000044', serial);
    const zenith = nubanCheckDigit('000057', serial);
    expect(access).not.toBe(zenith);
    expect(isValidNuban('044', serial + access)).toBe(true);
    expect(isValidNuban('057', serial + access)).toBe(false);
  });

  it('computes the check digit by hand for UBA and Zenith', () => {
    // UBA 000033 + 201234567: 3·7+3·3 + 2·3+0·7+1·3+2·3+3·7+4·3+5·3+6·7+7·3 = 30+126 = 156 → 10−6 = 4
    expect(nubanCheckDigit('000033', '201234567')).toBe(4);
    expect(isValidNuban('033', '2012345674')).toBe(true);
    // Zenith 000057 + 100000001: 5·7+7·3 + 1·3 + 1·3 = 56+6 = 62 → 8
    expect(nubanCheckDigit('000057', '100000001')).toBe(8);
    expect(isValidNuban('057', '1000000018')).toBe(true);
  });

  it('uses "9" and the 5-digit CBN code for other institutions (Kuda 50211 → 950211)', () => {
    expect(findBank('50211')!.nubanCode).toBe('950211');
    const kuda = accountAt('50211', '200000000');
    // 9·3+5·7+0·3+2·3+1·7+1·3 + 2·3 = 78+6 = 84 → 10−4 = 6
    expect(kuda).toBe('2000000006');
    expect(isValidNuban('50211', kuda)).toBe(true);
    // The same serial with the check digit a bank ("000" + code) would give is refused.
    expect(isValidNuban('50211', '2000000000')).toBe(false);
  });

  it('checks only the format for wallets numbered by phone (OPay, PalmPay, Moniepoint)', () => {
    for (const code of ['999992', '999991', '50515']) {
      expect(nubanProblem(code, '8143730231')).toBeNull();
      expect(nubanProblem(code, '814373023')).toBe('format');
    }
  });

  it('names the problem: format, unknown bank', () => {
    expect(nubanProblem('058', '001656322')).toBe('format');
    expect(nubanProblem('058', '00165632288')).toBe('format');
    expect(nubanProblem('058', '001656322a')).toBe('format');
    expect(nubanProblem('999', '0016563228')).toBe('unknownBank');
  });

  it('refuses malformed inputs to the digit computation', () => {
    expect(() => nubanCheckDigit('058', '000001457')).toThrow(RangeError);
    expect(() => nubanCheckDigit('000058', '1457')).toThrow(RangeError);
  });
});

describe('bank list', () => {
  it('has the main commercial banks with their CBN codes and the main fintech institutions', () => {
    const byName = (name: string) => NIGERIAN_BANKS.find((b) => b.name.startsWith(name))?.code;
    expect(byName('Access Bank')).toBe('044');
    expect(byName('First Bank')).toBe('011');
    expect(byName('Guaranty Trust')).toBe('058');
    expect(byName('United Bank for Africa')).toBe('033');
    expect(byName('Zenith')).toBe('057');
    expect(byName('OPay')).toBe('999992');
    expect(byName('Moniepoint')).toBe('50515');
    expect(byName('Kuda')).toBe('50211');
    expect(byName('PalmPay')).toBe('999991');
  });

  it('has unique codes, and every NUBAN code is 6 digits', () => {
    expect(new Set(NIGERIAN_BANKS.map((b) => b.code)).size).toBe(NIGERIAN_BANKS.length);
    for (const bank of NIGERIAN_BANKS) if (bank.nubanCode !== null) expect(bank.nubanCode).toMatch(/^\d{6}$/);
    for (const bank of NIGERIAN_BANKS.filter((b) => b.kind === 'commercial')) expect(bank.nubanCode).toMatch(/^000\d{3}$/);
  });

  it('lists banks by name without internal fields', () => {
    const banks = listBanks();
    expect(banks).toHaveLength(NIGERIAN_BANKS.length);
    expect(banks[0]).toEqual({ code: '044', name: 'Access Bank', kind: 'commercial' });
    expect(banks.map((b) => b.name)).toEqual([...banks.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('payout account schema', () => {
  const valid = { bankCode: '058', accountNumber: '0016563228', accountName: 'Chiamaka Eze' };
  const messagesOf = (input: unknown) => {
    const result = payoutAccountSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a valid account, normalising spaces and dashes in the number and trimming the name', () => {
    expect(payoutAccountSchema.parse({ ...valid, accountNumber: ' 0016-563 228', accountName: '  Chiamaka Eze ' })).toEqual(valid);
  });

  it('names a wrong check digit on the account number with a message key', () => {
    expect(messagesOf({ ...valid, accountNumber: '0016563229' })).toEqual({ accountNumber: PAYOUT_MESSAGES.accountNumberInvalid });
    expect(PAYOUT_MESSAGES.accountNumberInvalid).toBe('validation.payout.accountNumberInvalid');
  });

  it('names a number that is not 10 digits', () => {
    for (const accountNumber of ['', '12345', '00165632281', 'abcdefghij', '0'.repeat(30)]) {
      expect(messagesOf({ ...valid, accountNumber })).toEqual({ accountNumber: PAYOUT_MESSAGES.accountNumberFormat });
    }
  });

  it('names an unknown or missing bank', () => {
    expect(messagesOf({ ...valid, bankCode: '999' })).toEqual({ bankCode: PAYOUT_MESSAGES.bankUnknown });
    expect(messagesOf({ ...valid, bankCode: ' ' })).toEqual({ bankCode: PAYOUT_MESSAGES.bankRequired });
  });

  it('names a missing or overlong account name', () => {
    expect(messagesOf({ ...valid, accountName: ' ' })).toEqual({ accountName: PAYOUT_MESSAGES.accountNameRequired });
    expect(messagesOf({ ...valid, accountName: 'A'.repeat(101) })).toEqual({ accountName: PAYOUT_MESSAGES.accountNameTooLong });
  });

  it('accepts a phone-numbered wallet account at OPay', () => {
    expect(payoutAccountSchema.safeParse({ ...valid, bankCode: '999992', accountNumber: '8143730231' }).success).toBe(true);
  });
});
