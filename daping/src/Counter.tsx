import { useEffect, useRef } from 'react';
import { tweenValue } from './logic.ts';

const DURATION_MS = 1200;

/**
 * A number that counts from its previous value to the new one (ease-out, 1.2 s). It writes the text
 * straight into its span each frame (no React render per frame) and cancels its frame on change
 * and unmount, so nothing piles up over days of refreshes.
 */
export function Counter({ value, format, testId }: { value: number | null; format: (n: number) => string; testId?: string }) {
  const span = useRef<HTMLSpanElement | null>(null);
  const shown = useRef<number | null>(null);
  const formatRef = useRef(format);
  formatRef.current = format;

  useEffect(() => {
    const el = span.current;
    if (!el) return;
    if (value === null) {
      shown.current = null;
      el.textContent = '--';
      return;
    }
    const from = shown.current ?? 0;
    if (from === value) {
      el.textContent = formatRef.current(value);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const v = tweenValue(from, value, now - start, DURATION_MS);
      shown.current = v;
      el.textContent = formatRef.current(v);
      if (v !== value) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    // the final value is there at once for readers of the DOM (tests) and if frames are throttled
    el.dataset.value = String(value);
    return () => {
      cancelAnimationFrame(frame);
      shown.current = value;
      el.textContent = formatRef.current(value);
    };
  }, [value]);

  return <span className="kpi-number" ref={span} data-testid={testId} data-value={value ?? ''} />;
}
