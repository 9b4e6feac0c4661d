// Whether something the user waits for (a login, the boot) has been pending long enough to say so: a slow backend
// otherwise leaves a spinner with no word for up to the client's 300 s timeout.
import { useEffect, useState } from 'react';

export const PENDING_HINT_MS = 4000;

export function usePendingHint(pending: boolean, afterMs: number = PENDING_HINT_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setShown(true), afterMs);
    // The next wait starts without the hint.
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [pending, afterMs]);
  return pending && shown;
}
