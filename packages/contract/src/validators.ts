/**
 * The generic validators of SPEC.md §5. Each returns true when the value is acceptable; the
 * matching message key (in i18n.ts) is what a form or the server shows when it is not.
 */
export const PASSWORD_MIN_LENGTH = 6;
/** The longest password accepted anywhere (a longer one only costs hashing time and log space). */
export const PASSWORD_MAX_LENGTH = 128;

export const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export const isPassword = (value: string): boolean => value.length >= PASSWORD_MIN_LENGTH;

/** Mainland mobile: 1 followed by 10 digits. */
export const isPhone = (value: string): boolean => /^1\d{10}$/.test(value);

export const isEmail = (value: string): boolean =>
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value);

/** 18-digit resident ID (GB 11643) with its check digit, or the legacy 15-digit form. */
export function isIdCard(value: string): boolean {
  if (/^\d{15}$/.test(value)) return true;
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * weights[i]!;
  return checks[sum % 11] === value[17]!.toUpperCase();
}

/** A person's Chinese name: 2 to 4 CJK characters. */
export const isChineseName = (value: string): boolean => /^[\u4e00-\u9fa5]{2,4}$/.test(value);

/** Money: a non-negative number with at most two decimals. */
export const isMoney = (value: string | number): boolean => /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(String(value));

export function isIp(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

export const isPort = (value: string | number): boolean =>
  /^\d{1,5}$/.test(String(value)) && Number(value) >= 0 && Number(value) <= 65535;

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Show only the first 6 and last 4 characters of an ID card or bank card. */
export function maskMiddle(value: string | null | undefined, head = 6, tail = 4): string {
  if (!value) return '';
  if (value.length <= head + tail) return value;
  return value.slice(0, head) + '*'.repeat(value.length - head - tail) + value.slice(-tail);
}

/**
 * A bank card number (UnionPay debit / credit cards are 16–19 digits) whose last digit is the Luhn
 * check digit (ISO/IEC 7812): from the right, every second digit doubled (minus 9 above 9), the sum
 * a multiple of 10. Spaces are the caller's to strip.
 */
export function isBankCard(value: string): boolean {
  if (!/^\d{16,19}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let d = value.charCodeAt(value.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
