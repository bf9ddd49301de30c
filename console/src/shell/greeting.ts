/**
 * The welcome after login greets by time of day (SPEC.md §4): before 8 early morning, up to 11
 * morning, up to 13 noon, before 18 afternoon, otherwise evening. Returns the catalogue key.
 */
export type GreetingKey =
  | 'pv.greeting.early_morning'
  | 'pv.greeting.morning'
  | 'pv.greeting.noon'
  | 'pv.greeting.afternoon'
  | 'pv.greeting.evening';

export function greetingKey(date: Date = new Date()): GreetingKey {
  const hour = date.getHours();
  if (hour < 8) return 'pv.greeting.early_morning';
  if (hour <= 11) return 'pv.greeting.morning';
  if (hour <= 13) return 'pv.greeting.noon';
  if (hour < 18) return 'pv.greeting.afternoon';
  return 'pv.greeting.evening';
}
