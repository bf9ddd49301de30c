import { describe, expect, it } from 'vitest';
import { compareMoney, formatMoney, formatYuan, Money, moneyText, positiveMoneyText, signedMoneyText, sumMoney, toFen } from '../src/money.ts';

// a small deterministic generator, so a failure names its seed
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('money', () => {
  it('rounds once, half away from zero, to the fen', () => {
    expect(toFen('1.005')).toBe('1.01');
    expect(toFen('1.004999')).toBe('1.00');
    expect(toFen('-1.005')).toBe('-1.01');
    expect(toFen('2.675')).toBe('2.68'); // 2.675 as a float is 2.67499…: decimals, not floats
    expect(toFen('-0.001')).toBe('0.00');
    expect(toFen(new Money('1200').times(365).div(366))).toBe('1196.72');
  });

  it('sums decimal strings exactly where floats drift', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([])).toBe('0.00');
    expect(compareMoney('10.00', '9.99')).toBe(1);
  });

  it('property: random amounts split into rounded parts always add back up to the fen', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = rng(seed);
      const annual = toFen(new Money(Math.floor(r() * 10_000_000)).div(100)); // 0 … 99,999.99
      const parts = 1 + Math.floor(r() * 12);
      // each part rounded on its own, the last takes what is left: the rule the bills use
      const share = toFen(new Money(annual).div(parts));
      const shares = Array.from({ length: parts - 1 }, () => share);
      shares.push(toFen(new Money(annual).minus(new Money(share).times(parts - 1))));
      expect(sumMoney(shares), `seed ${seed}`).toBe(annual);
      // and a sum over many random rounded amounts equals the integer sum of their fen
      const amounts = Array.from({ length: 50 }, () => toFen(new Money(Math.floor(r() * 1e9)).div(100)));
      const fen = amounts.reduce((n, a) => n + BigInt(a.replace('.', '')), 0n);
      expect(sumMoney(amounts).replace('.', ''), `seed ${seed}`).toBe(fen.toString().padStart(3, '0'));
    }
  });

  it('formats by string with group separators', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000')).toBe('-1,000.00');
    expect(formatYuan('1234567.5')).toBe('¥1,234,567.50');
    expect(formatYuan('-5999.99')).toBe('-¥5,999.99');
    expect(formatYuan('0')).toBe('¥0.00');
    expect(formatYuan(null)).toBe('-');
    expect(formatYuan('abc')).toBe('abc');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney('999999999999.99')).toBe('999,999,999,999.99');
  });

  it('fields take decimal text and refuse floats that are not one, negatives and zero where asked', () => {
    expect(moneyText().parse('12.5')).toBe('12.50');
    expect(moneyText().parse(12.5)).toBe('12.50');
    expect(moneyText().safeParse(0.1 + 0.2).error?.issues[0]?.message).toBe('validation.money');
    expect(moneyText().safeParse('-1').error?.issues[0]?.message).toBe('validation.money');
    expect(moneyText().safeParse('1.234').error?.issues[0]?.message).toBe('validation.money');
    expect(moneyText().safeParse('1e3').error?.issues[0]?.message).toBe('validation.money');
    expect(positiveMoneyText().safeParse('0.00').error?.issues[0]?.message).toBe('validation.money_positive');
    expect(signedMoneyText().parse('-3.1')).toBe('-3.10');
  });
});
