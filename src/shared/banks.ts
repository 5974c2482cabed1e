import { NUBAN_LENGTH } from './rule-limits.js';

/**
 * Nigerian banks a payout can go to, and the NUBAN check digit (CBN, "Revised standards on Nigeria Uniform Bank
 * Account Number (NUBAN) scheme for DMBs and OFIs", March 2020). Isomorphic: used by the withdrawal form and the
 * server alike. See docs/decisions/024.
 */

export type BankKind = 'commercial' | 'non-interest' | 'microfinance' | 'mobile-money';

export interface NigerianBank {
  /** The code transfer providers (NIBSS, Paystack's `bank_code`) use for the institution. */
  code: string;
  name: string;
  kind: BankKind;
  /**
   * The 6-digit institution code the check digit is computed over, or null when the institution's account
   * numbers cannot be checked offline (wallets whose account number is the holder's phone number).
   */
  nubanCode: string | null;
}

/** A deposit money bank's 6-digit NUBAN code is its 3-digit CBN code after "000". */
const dmb = (code: string, name: string, kind: BankKind = 'commercial'): NigerianBank => ({
  code,
  name,
  kind,
  nubanCode: `000${code.slice(-3)}`,
});
/** Other financial institutions: "9" before the 5-digit CBN code. */
const ofi = (code: string, name: string): NigerianBank => ({ code, name, kind: 'microfinance', nubanCode: `9${code}` });
const unchecked = (code: string, name: string, kind: BankKind): NigerianBank => ({ code, name, kind, nubanCode: null });

export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  dmb('044', 'Access Bank'),
  dmb('063', 'Access Bank (Diamond)'),
  dmb('023', 'Citibank Nigeria'),
  dmb('050', 'Ecobank Nigeria'),
  dmb('070', 'Fidelity Bank'),
  dmb('011', 'First Bank of Nigeria'),
  dmb('214', 'First City Monument Bank'),
  dmb('00103', 'Globus Bank'),
  dmb('058', 'Guaranty Trust Bank'),
  dmb('082', 'Keystone Bank'),
  dmb('107', 'Optimus Bank'),
  dmb('104', 'Parallex Bank'),
  dmb('076', 'Polaris Bank'),
  dmb('105', 'PremiumTrust Bank'),
  dmb('101', 'Providus Bank'),
  dmb('106', 'Signature Bank'),
  dmb('221', 'Stanbic IBTC Bank'),
  dmb('068', 'Standard Chartered Bank'),
  dmb('232', 'Sterling Bank'),
  dmb('100', 'SunTrust Bank'),
  dmb('102', 'Titan Trust Bank'),
  dmb('032', 'Union Bank of Nigeria'),
  dmb('033', 'United Bank for Africa'),
  dmb('215', 'Unity Bank'),
  dmb('035', 'Wema Bank (ALAT)'),
  dmb('057', 'Zenith Bank'),
  dmb('301', 'Jaiz Bank', 'non-interest'),
  dmb('303', 'Lotus Bank', 'non-interest'),
  dmb('302', 'TAJ Bank', 'non-interest'),
  ofi('50211', 'Kuda Microfinance Bank'),
  unchecked('50515', 'Moniepoint Microfinance Bank', 'microfinance'),
  unchecked('51318', 'FairMoney Microfinance Bank', 'microfinance'),
  unchecked('565', 'Carbon', 'microfinance'),
  unchecked('566', 'VFD Microfinance Bank', 'microfinance'),
  unchecked('125', 'Rubies Microfinance Bank', 'microfinance'),
  unchecked('999992', 'OPay', 'mobile-money'),
  unchecked('999991', 'PalmPay', 'mobile-money'),
  unchecked('100002', 'Paga', 'mobile-money'),
];

const BANKS_BY_CODE = new Map(NIGERIAN_BANKS.map((bank) => [bank.code, bank]));

export function findBank(code: string): NigerianBank | undefined {
  return BANKS_BY_CODE.get(code);
}

export const NUBAN_PATTERN = new RegExp(`^\\d{${NUBAN_LENGTH}}$`);
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** The check digit for a 9-digit serial at the institution with this 6-digit NUBAN code. */
export function nubanCheckDigit(nubanCode: string, serial: string): number {
  if (!/^\d{6}$/.test(nubanCode) || !/^\d{9}$/.test(serial)) {
    throw new RangeError('nubanCheckDigit needs a 6-digit institution code and a 9-digit serial');
  }
  const digits = nubanCode + serial;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

export type NubanProblem = 'format' | 'unknownBank' | 'checkDigit';

/**
 * Why this account number cannot be at this bank, or null when it can. Institutions without a NUBAN code are
 * checked for format only; the transfer provider's own account lookup is the final word for them.
 */
export function nubanProblem(bankCode: string, accountNumber: string): NubanProblem | null {
  if (!NUBAN_PATTERN.test(accountNumber)) return 'format';
  const bank = findBank(bankCode);
  if (!bank) return 'unknownBank';
  if (bank.nubanCode === null) return null;
  const expected = nubanCheckDigit(bank.nubanCode, accountNumber.slice(0, 9));
  return Number(accountNumber[9]) === expected ? null : 'checkDigit';
}

export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  return nubanProblem(bankCode, accountNumber) === null;
}
