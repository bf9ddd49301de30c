import { Money } from '@pv/contract';
import { REVENUE_RESOURCE, TARIFF_RESOURCE } from '../names.ts';
export { REVENUE_RESOURCE, TARIFF_RESOURCE };

/** react-admin resources of 收益 and 电价 (route paths) and their APIs. */
export const REVENUE_API = 'revenue';
export const TARIFF_API = 'tariff';

/** The revenue list filtered (links from other pages, e.g. ?station_id=N). */
export const revenueOf = (filter: { station_id?: number; period?: string }) =>
  `/${REVENUE_RESOURCE}?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)])).toString()}`;

/** "0.7523" → "75.2%" by decimal arithmetic (never a float); null → '-'. */
export function ratioText(ratio: string | null | undefined): string {
  if (ratio == null || ratio === '') return '-';
  return `${new Money(ratio).times(100).toFixed(1)}%`;
}

/** "1234.5" → "1,234.50" kWh, grouped by string. */
export function kwhText(value: string | null | undefined): string {
  if (value == null || value === '') return '-';
  const [int, frac] = new Money(value).toFixed(2).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** 'YYYY-MM' of the month before the current one (China time), and of n months before a month. */
export function monthsBack(period: string, n: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}
export const lastMonth = (now = new Date()) => monthsBack(new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 7), 1);
