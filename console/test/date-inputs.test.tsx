import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Form, memoryStore, type I18nProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { StaticDatePicker } from '@mui/x-date-pickers/StaticDatePicker';
import dayjs from 'dayjs';
import zh from '../src/i18n/zh.ts';
import en from '../src/i18n/en.ts';
import { LocaleTheme } from '../src/shell/LocaleTheme.tsx';
import { DateInput, MonthInput, calendarHeaderFormat } from '../src/forms/DateInputs.tsx';
import { DateTimeInput } from '../src/forms/DateTimeInput.tsx';
import { fromPickerValue, toPickerValue } from '../src/forms/dateValues.ts';

/**
 * The date fields (forms/DateInputs.tsx): the form values the server takes go in and come out
 * unchanged, and the pickers speak the page's language (react-admin's stored locale), not the
 * browser's. Rendered on the server (no DOM here): the field's markup and a static calendar.
 */
const i18n = (locale: 'zh-CN' | 'en'): I18nProvider => polyglotI18nProvider((l) => (l === 'en' ? en : zh) as never, locale, [{ locale: 'zh-CN', name: '简体中文' }, { locale: 'en', name: 'English' }], { allowMissing: true });

const page = (locale: 'zh-CN' | 'en', children: ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AdminContext i18nProvider={i18n(locale)} store={memoryStore({ locale })}>
        <LocaleTheme>{children}</LocaleTheme>
      </AdminContext>
    </MemoryRouter>,
  );

const text = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/gs, '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1];

describe('date values in and out', () => {
  it('a day is YYYY-MM-DD both ways, read as that day (no time zone shift)', () => {
    const d = toPickerValue('date', '2026-02-28')!;
    expect([d.year(), d.month() + 1, d.date()]).toEqual([2026, 2, 28]);
    expect(fromPickerValue('date', d)).toBe('2026-02-28');
    expect(fromPickerValue('date', toPickerValue('date', new Date(2026, 0, 5)))).toBe('2026-01-05');
  });

  it('a month is YYYY-MM both ways (a day string keeps its month)', () => {
    expect(fromPickerValue('month', toPickerValue('month', '2026-09'))).toBe('2026-09');
    expect(fromPickerValue('month', toPickerValue('month', '2026-12-31'))).toBe('2026-12');
  });

  it('a moment goes out as the ISO string it came in as', () => {
    const iso = '2026-11-01T08:30:00.000Z';
    expect(fromPickerValue('datetime', toPickerValue('datetime', iso))).toBe(iso);
  });

  it("empty, cleared or half-typed is '' (react-admin stores null); garbage reads as empty", () => {
    for (const v of [null, undefined, '']) expect(toPickerValue('date', v)).toBeNull();
    expect(toPickerValue('date', 'not a date')).toBeNull();
    expect(toPickerValue('date', { a: 1 })).toBeNull();
    expect(fromPickerValue('date', null)).toBe('');
    expect(fromPickerValue('date', dayjs('2026-13-45x'))).toBe('');
  });
});

describe('the inputs in a form', () => {
  it("show the record's values as typed text in a plain, labelled <input> (typing and pasting work)", () => {
    const html = page(
      'zh-CN',
      <Form record={{ id: 1, day: '2026-11-28', month: '2026-10', at: '2026-11-01T08:30:00.000Z', none: null }}>
        <DateInput source="day" label="生效日期" isRequired />
        <MonthInput source="month" label="月份" />
        <DateTimeInput source="at" label="时间" />
        <DateInput source="none" label="失效日期" />
      </Form>,
    );
    expect(inputValue(html, 'day')).toBe('2026-11-28');
    expect(inputValue(html, 'month')).toBe('2026-10');
    expect(inputValue(html, 'at')).toBe(dayjs('2026-11-01T08:30:00.000Z').format('YYYY-MM-DD HH:mm'));
    expect(inputValue(html, 'none')).toBe('');
    // the label names the input (getByLabel finds it), the required mark as react-admin's
    const input = /<input[^>]*name="day"[^>]*>/.exec(html)![0];
    const id = /\sid="([^"]+)"/.exec(input)![1];
    expect(new RegExp(`<label[^>]*for="${id}"[^>]*><span>生效日期<span aria-hidden="true">\\s\\*</span>`).test(html)).toBe(true);
    expect(input).toMatch(/type="text"/);
    // the empty field reads as the browser's zh date input does, no Latin letters on a Chinese page
    expect(/<input[^>]*name="none"[^>]*>/.exec(html)![0]).toMatch(/placeholder="年-月-日"/);
    expect(/<input[^>]*name="at"[^>]*>/.exec(html)![0]).toMatch(/placeholder="年-月-日 时:分"/);
    // the open button speaks the page's language
    expect(/aria-label="([^"]*)"/.exec(html.slice(html.indexOf('name="day"')))?.[1]).toBe('选择日期，已选择2026年11月28日');
  });

  it('the open button and the empty field in English on an English page', () => {
    const html = page(
      'en',
      <Form record={{ id: 1, day: '2026-11-28' }}>
        <DateInput source="day" label="Effective from" />
        <DateInput source="none" label="Effective to" />
      </Form>,
    );
    expect(/<input[^>]*name="none"[^>]*>/.exec(html)![0]).toMatch(/placeholder="YYYY-MM-DD"/);
    expect(/aria-label="([^"]*)"/.exec(html.slice(html.indexOf('name="day"')))?.[1]).toBe('Choose date, selected date is Nov 28, 2026');
  });
});

describe("the calendar in the page's language", () => {
  const calendar = (locale: 'zh-CN' | 'en') =>
    text(
      page(
        locale,
        <StaticDatePicker defaultValue={dayjs('2026-11-28')} slotProps={{ calendarHeader: { format: calendarHeaderFormat(locale) }, actionBar: { actions: ['clear', 'today'] } }} />,
      ),
    );

  it('zh: 2026年11月, weeks from Monday (一 … 日), 清除 / 今天, 选择日期', () => {
    const t = calendar('zh-CN');
    expect(t).toContain('2026年11月');
    expect(t).toMatch(/一 二 三 四 五 六 日/);
    expect(t).toContain('清除');
    expect(t).toContain('今天');
    expect(t).toContain('选择日期');
    expect(t).not.toMatch(/November|Clear|Today/);
  });

  it('en: November 2026, weeks from Sunday, Clear / Today, Select date', () => {
    const t = calendar('en');
    expect(t).toContain('November 2026');
    expect(t).toMatch(/S M T W T F S/);
    expect(t).toMatch(/Clear/i);
    expect(t).toMatch(/Today/i);
    expect(t).toContain('Select date');
    expect(t).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
