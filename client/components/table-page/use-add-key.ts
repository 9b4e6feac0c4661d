// Alt+N on a list page presses its 新增 (when the user may add and no dialog is open). Only the page in front answers:
// pages kept in hidden tabs listen too (lib/page-shown).
import { useEffect, type RefObject } from 'react';
import { usePageShown } from '../../lib/page-shown';

/** Is a dialog or drawer on screen (its own keys come first)? */
function dialogOpen(): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer-open')).some(
    (el) => el.classList.contains('ant-drawer-open') || getComputedStyle(el).display !== 'none',
  );
}

export function useAddKey(toolbar: RefObject<HTMLElement | null>): void {
  const shown = usePageShown();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // By the key's place, not its character: Alt+N types a character of its own on some layouts (macOS).
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.code !== 'KeyN') return;
      const box = toolbar.current;
      const add = box?.querySelector<HTMLButtonElement>('[data-add-button] button');
      if (!shown() || !box?.isConnected || !add || add.disabled || dialogOpen()) return;
      e.preventDefault();
      add.click();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toolbar, shown]);
}
