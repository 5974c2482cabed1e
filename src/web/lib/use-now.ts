import { useEffect, useState } from 'react';

/** The current time, moved on every `intervalMs`, so "5 minutes ago" becomes "6 minutes ago" on its own. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
