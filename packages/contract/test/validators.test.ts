import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  isBankCard,
  isBlank,
  isChineseName,
  isEmail,
  isIdCard,
  isIp,
  isMoney,
  isPassword,
  isPhone,
  isPort,
  isUrl,
  maskMiddle,
} from '../src/index.ts';

describe('isPassword (at least 6 characters)', () => {
  it('has the minimum length of SPEC §9', () => expect(PASSWORD_MIN_LENGTH).toBe(6));
  it.each(['123456', 'abcdef', '密码密码密码', 'a very long password'])('accepts %j', (v) => expect(isPassword(v)).toBe(true));
  it.each(['', '12345', 'abc'])('refuses %j', (v) => expect(isPassword(v)).toBe(false));
});

describe('isPhone (1 followed by 10 digits)', () => {
  it.each(['13800138000', '19912345678', '10000000000'])('accepts %s', (v) => expect(isPhone(v)).toBe(true));
  it.each(['', '1380013800', '138001380001', '23800138000', '1380013800a', '+8613800138000', ' 13800138000', '138-0013-8000'])(
    'refuses %j',
    (v) => expect(isPhone(v)).toBe(false),
  );
});

describe('isEmail', () => {
  it.each(['a@b.cn', 'zhang.san+pv@example.com.cn', 'ops_1@solar-power.org'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['', 'plain', 'a@b', '@example.com', 'a@.com', 'a b@c.com', 'a@b.c'])('refuses %j', (v) => expect(isEmail(v)).toBe(false));
});

describe('isIdCard (GB 11643 check digit, or the legacy 15 digits)', () => {
  it.each(['11010519491231002X', '11010519491231002x', '110101199003077774', '440524188001010014', '110105491231002'])(
    'accepts %s',
    (v) => expect(isIdCard(v)).toBe(true),
  );
  it.each([
    '110105194912310021', // wrong check digit
    '11010519491231002Y',
    '110101199003077775',
    '11010519491231002', // 17 digits
    '1101051949123100200',
    '',
    'abcdefghijklmnopqr',
  ])('refuses %j', (v) => expect(isIdCard(v)).toBe(false));
});

describe('isChineseName (2 to 4 CJK characters)', () => {
  it.each(['张三', '李小明', '欧阳娜娜'])('accepts %s', (v) => expect(isChineseName(v)).toBe(true));
  it.each(['', '张', '欧阳娜娜娜', 'Zhang', '张3', '张 三'])('refuses %j', (v) => expect(isChineseName(v)).toBe(false));
});

describe('isMoney (non-negative, at most 2 decimals)', () => {
  it.each(['0', '0.5', '12.34', '100', 100, 0.1, '99999999.99'])('accepts %j', (v) => expect(isMoney(v)).toBe(true));
  it.each(['', '-1', '1.234', '01', '1.', '.5', 'abc', -3, 1.005])('refuses %j', (v) => expect(isMoney(v)).toBe(false));
});

describe('isIp', () => {
  it.each(['0.0.0.0', '127.0.0.1', '192.168.1.254', '255.255.255.255'])('accepts %s', (v) => expect(isIp(v)).toBe(true));
  it.each(['', '256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d', '1.2.3.-4'])('refuses %j', (v) => expect(isIp(v)).toBe(false));
});

describe('isPort (0-65535)', () => {
  it.each([0, '0', 80, '8080', 65535, '65535'])('accepts %j', (v) => expect(isPort(v)).toBe(true));
  it.each([-1, 65536, '65536', '', 'http', '80.5', 1.5, '123456'])('refuses %j', (v) => expect(isPort(v)).toBe(false));
});

describe('isUrl', () => {
  it.each(['http://example.com', 'https://pv.example.cn/daping/?a=1', 'http://127.0.0.1:8080'])('accepts %s', (v) =>
    expect(isUrl(v)).toBe(true),
  );
  it.each(['', 'example.com', 'ftp://example.com', 'javascript:alert(1)', 'http://'])('refuses %j', (v) => expect(isUrl(v)).toBe(false));
});

describe('isBlank', () => {
  it.each([null, undefined, '', '   ', '\t\n'])('%j is blank', (v) => expect(isBlank(v)).toBe(true));
  it.each(['a', ' a ', 0, false, [], {}])('%j is not blank', (v) => expect(isBlank(v)).toBe(false));
});

describe('maskMiddle', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(maskMiddle('11010519491231002X')).toBe('110105********002X');
    expect(maskMiddle('6222021234567890123')).toBe('622202*********0123');
  });
  it('leaves short values and empty ones alone', () => {
    expect(maskMiddle('1234567890')).toBe('1234567890');
    expect(maskMiddle(null)).toBe('');
    expect(maskMiddle(undefined)).toBe('');
  });
});

describe('isBankCard (16–19 digits with a Luhn check digit)', () => {
  // real-shaped UnionPay numbers whose last digit is the check digit, and the classic test number
  it.each(['6228480402564890018', '6212260200000000006', '6217000010012345677', '4111111111111111', '6222020200112233446'])('accepts %s', (v) => expect(isBankCard(v)).toBe(true));
  it.each([
    ['the check digit off by one', '6228480402564890017'],
    ['two digits swapped', '6228480402564890081'],
    ['one digit changed', '6228480402564899018'],
    ['15 digits', '622848040256489'],
    ['20 digits', '62284804025648900180'],
    ['letters', '62284804025648900a8'],
    ['spaces inside', '6228 4804 0256 4890 018'],
    ['empty', ''],
  ])('refuses %s', (_what, v) => expect(isBankCard(v)).toBe(false));
  it('is the Luhn rule: exactly one check digit of ten completes a prefix', () => {
    const prefix = '621700001099998888';
    const ok = Array.from({ length: 10 }, (_, d) => `${prefix}${d}`).filter(isBankCard);
    expect(ok).toEqual([`${prefix}7`]);
  });
});
