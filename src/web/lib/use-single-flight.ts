import { useCallback, useRef, useState } from 'react';

/**
 * Runs an action one at a time: a call while one is running (the second click of a double click) is dropped, not
 * queued. A mutation's own pending state reaches the page a task later, after the second click has already gone.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [isRunning, setIsRunning] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsRunning(true);
    try {
      await action();
    } finally {
      inFlight.current = false;
      setIsRunning(false);
    }
  }, []);
  return { run, isRunning };
}
