import { useEffect, useState } from 'react';

/** The current time, updated every `everyMs` (a live clock without re-rendering the whole screen). */
export function useNow(everyMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
