import { describe, expect, it } from 'vitest';
import { PHONE_KEY_MAX_DIGITS, PHONE_KEY_MIN_DIGITS, phoneKey } from './phone-key';

describe('phoneKey', () => {
  it('gives one key to an international number however it is written', () => {
    const keys = ['+7 900 123-45-67', '+7 (900) 123 45 67', '+79001234567', '007 900 123 45 67', ' +7.900.123.45.67 '];
    expect(new Set(keys.map(phoneKey))).toEqual(new Set(['+79001234567']));
  });

  it('reads a number with its country by the numbering plans: the trunk prefix written after the code is not part of it', () => {
    expect(phoneKey('+82 (0)10-1234-5678')).toBe('+821012345678');
    expect(phoneKey('0082 10 1234 5678')).toBe('+821012345678');
    expect(phoneKey('+84 (0) 912 345 678')).toBe('+84912345678');
  });

  it('drops the bracketed trunk zero after a country code', () => {
    expect(phoneKey('+44 (0)20 7946 0958')).toBe(phoneKey('+44 20 7946 0958'));
    expect(phoneKey('+44 (0)20 7946 0958')).toBe('+442079460958');
  });

  it('keys a number written without a country code by its digits, apart from the international form', () => {
    expect(phoneKey('010-1234-5678')).toBe('01012345678');
    expect(phoneKey('010 1234 5678')).toBe('01012345678');
    // Its country is not known, so it is not joined to +82 10 ...: a missed match rather than a wrong one.
    expect(phoneKey('010-1234-5678')).not.toBe(phoneKey('+82 10 1234 5678'));
  });

  it(`gives no key under ${PHONE_KEY_MIN_DIGITS} digits or over ${PHONE_KEY_MAX_DIGITS}`, () => {
    expect(phoneKey('')).toBeUndefined();
    expect(phoneKey('   ')).toBeUndefined();
    expect(phoneKey('123-456')).toBeUndefined();
    expect(phoneKey('+12 345')).toBeUndefined();
    expect(phoneKey('00 12345')).toBeUndefined();
    expect(phoneKey('1234567')).toBe('1234567');
    expect(phoneKey('+123456789012345')).toBe('+123456789012345');
    expect(phoneKey('+1234567890123456')).toBeUndefined();
    // Two numbers in one field (the form takes `/`) are not one line.
    expect(phoneKey('010-1234-5678 / 02-123-4567')).toBeUndefined();
  });
});
