import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Ada Obi', 'AO'],
    ['ada', 'A'],
    ['Chinedu Emeka Eze', 'CE'],
    ['  Funmi   Adeyemi  ', 'FA'],
    ['🚚 Ada Obi 🚚', 'AO'],
    ['Ada 🎉', 'A'],
    ['ọ̀lá ẹ̀ṣọ́', 'Ọ̀Ẹ̀'],
    ['123 Logistics', 'L'],
    ['🚚🚚', ''],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials.normalize());
  });
});
