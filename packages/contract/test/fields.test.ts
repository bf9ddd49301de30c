import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AgentStatus,
  CITIES,
  CustomerStage,
  CustomerStatus,
  PROVINCES,
  StationStatus,
  citiesOf,
  deleteSchema,
  emailField,
  idField,
  ipField,
  isCityCode,
  isProvinceCode,
  moneyField,
  numeric,
  passwordField,
  portField,
  regionName,
  urlField,
} from '../src/index.ts';

describe('field builders carry the message keys', () => {
  it('password', () => {
    expect(passwordField().safeParse('123456').success).toBe(true);
    expect(passwordField().safeParse('12345').error?.issues[0]?.message).toBe('validation.password_min');
  });
  it('money converts and refuses 3 decimals', () => {
    expect(moneyField().parse('12.50')).toBe(12.5);
    expect(moneyField().safeParse('1.234').error?.issues[0]?.message).toBe('validation.money');
  });
  it('port converts and refuses out-of-range', () => {
    expect(portField().parse('8080')).toBe(8080);
    expect(portField().safeParse(70000).error?.issues[0]?.message).toBe('validation.port');
  });
  it('email, ip, url', () => {
    expect(emailField().safeParse('x@y').error?.issues[0]?.message).toBe('validation.email');
    expect(ipField().safeParse('1.1.1.256').error?.issues[0]?.message).toBe('validation.ip');
    expect(urlField().safeParse('www.example.com').error?.issues[0]?.message).toBe('validation.url');
    expect(urlField().parse(' https://example.com ')).toBe('https://example.com');
  });
});

describe('labelled enums', () => {
  it('label in zh and en, raw value for unknown', () => {
    expect(CustomerStage.label('intentional', 'zh')).toBe('意向客户');
    expect(CustomerStage.label('formal', 'en')).toBe('Formal');
    expect(CustomerStatus.label('nope', 'zh')).toBe('nope');
    expect(CustomerStatus.label(null, 'zh')).toBe('');
  });
  it('choices list every value in order', () => {
    expect(AgentStatus.choices('en')).toEqual([
      { id: 'pending', name: 'Pending review' },
      { id: 'enabled', name: 'Enabled' },
      { id: 'disabled', name: 'Disabled' },
    ]);
    expect(StationStatus.values).toHaveLength(12);
  });
  it('every enum value has a zh and an en label', () => {
    for (const e of [CustomerStage, CustomerStatus, AgentStatus, StationStatus]) {
      const labels = e.labels as Record<string, { zh: string; en: string }>;
      for (const v of e.values as readonly string[]) {
        expect(labels[v]?.zh, v).toBeTruthy();
        expect(labels[v]?.en, v).toBeTruthy();
      }
    }
  });
});

describe('regions', () => {
  it('has the 34 provincial-level divisions with unique 6-digit codes', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(34);
    expect(PROVINCES.every((p) => /^\d{2}0000$/.test(p.code) && p.zh && p.en)).toBe(true);
  });
  it('every city belongs to a known province', () => {
    expect(CITIES.every((c) => isProvinceCode(c.code.slice(0, 2) + '0000'))).toBe(true);
  });
  it('looks up codes and names', () => {
    expect(isProvinceCode('370000')).toBe(true);
    expect(isProvinceCode('370100')).toBe(false);
    expect(isCityCode('370100')).toBe(true);
    expect(regionName('370000', 'zh')).toBe('山东省');
    expect(regionName('370100', 'en')).toBe('Jinan');
    expect(regionName('999999', 'zh')).toBe('999999');
    expect(regionName(null, 'zh')).toBe('');
    expect(citiesOf('330000').map((c) => c.zh)).toEqual(['杭州市', '宁波市', '温州市', '嘉兴市', '金华市']);
  });
});

describe('numeric: numbers and numeric text only (not z.coerce.number)', () => {
  it('takes a number or its text, as JSON bodies and query strings send them', () => {
    expect(idField().parse(12)).toBe(12);
    expect(idField().parse('12')).toBe(12);
    expect(numeric(z.number().int()).parse('-3')).toBe(-3);
  });

  it('refuses booleans, arrays, objects and null instead of turning them into 1, 5 or 0', () => {
    for (const value of [true, false, [5], ['5'], { id: 1 }, null, 'abc', '']) {
      expect(idField().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    // del {"id": true} named record 1 with z.coerce.number
    expect(deleteSchema.safeParse({ id: true }).success).toBe(false);
    expect(deleteSchema.safeParse({ ids: [true] }).success).toBe(false);
  });

  it('keeps the field optional where it is, and documents it as a number', () => {
    const schema = z.object({ id: idField(), page: numeric(z.number().int()).optional() });
    expect(schema.parse({ id: '7' })).toEqual({ id: 7 });
    const json = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, { type: string }>; required: string[] };
    expect(json.properties.id!.type).toBe('integer');
    expect(json.required).toEqual(['id']);
  });
});
