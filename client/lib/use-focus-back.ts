// Focus back to what opened a dialog that is mounted only while it is open. rc-dialog returns the focus after its
// closing motion, which a dialog taken out of the page never runs: the focus fell on <body>, and the next Tab
// started from the top of the page. Usage: call useFocusBack() in the component that renders the open <Modal>.
import { useLayoutEffect, useRef, useState } from 'react';

export function useFocusBack(): void {
  // Read as the dialog first renders: before it (or anything in it) takes the focus.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Still in the page here: where the focus is as the dialog goes.
      const focused = document.activeElement;
      queueMicrotask(() => {
        // Mounted again (React's strict double run), or the focus is somewhere that stays: leave it.
        if (mounted.current || (focused && focused !== document.body && focused.isConnected)) return;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
      });
    };
  }, [opener]);
}
