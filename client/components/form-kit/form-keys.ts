// The keys every form answers the same way: Enter moves to the next field (wrapping; a textarea keeps its
// newline, an open list takes its Enter), Ctrl+Enter / Ctrl+S save, Esc asks before dropping changes (an open
// dropdown keeps its own Esc). Shared by FormModal and the forms drawn by hand (the product form).
import type { KeyboardEvent } from 'react';
import { nextInputIndex } from '../../lib/table/next-input';

const FOCUSABLE = 'input, textarea, button[role="switch"]';

/** The controls Enter walks through, in page order (a select's search box counts even when read-only). */
export function fieldControls(box: HTMLElement | null): HTMLElement[] {
  return Array.from(box?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((el) => {
    if (el instanceof HTMLInputElement && (el.type === 'hidden' || el.type === 'file')) return false;
    if ((el as HTMLInputElement).disabled) return false;
    if ((el as HTMLInputElement).readOnly && el.getAttribute('role') !== 'combobox') return false;
    return true;
  });
}

/** Esc outside an open dropdown: stop it here and ask to close. */
export function escapeAsks(e: KeyboardEvent<HTMLElement>, requestClose: () => void): boolean {
  if (e.key !== 'Escape' || e.nativeEvent.isComposing) return false;
  if ((e.target as HTMLElement).getAttribute?.('aria-expanded') === 'true') return false;
  e.stopPropagation();
  requestClose();
  return true;
}

/** The form box's keydown (capture): Esc, Ctrl+Enter / Ctrl+S, Enter to the next field. */
export function formKeyDown(e: KeyboardEvent<HTMLElement>, box: HTMLElement | null, actions: { save: () => void; requestClose: () => void }): void {
  const key = e.key.toLowerCase();
  if (key === 'escape') {
    escapeAsks(e, actions.requestClose);
    return;
  }
  if ((e.ctrlKey || e.metaKey) && (key === 'enter' || key === 's')) {
    e.preventDefault();
    e.stopPropagation();
    actions.save();
    return;
  }
  if (key !== 'enter' || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
  const el = e.target as HTMLElement;
  if (el instanceof HTMLTextAreaElement) return; // a newline
  if (el.getAttribute('aria-expanded') === 'true') return; // an open list takes its Enter
  const controls = fieldControls(box);
  const index = controls.indexOf(el);
  if (index < 0) return;
  e.preventDefault();
  e.stopPropagation();
  controls[nextInputIndex(index, controls.length)]?.focus();
}
