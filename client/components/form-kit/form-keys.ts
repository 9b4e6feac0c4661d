// The one keyboard model of every form — FormModal, the product form, the stock bill and financial bill forms:
// Enter moves to the next control (wrapping), Ctrl+Enter / Ctrl+S save, Esc asks before dropping changes (an open
// dropdown keeps its own Esc, an open list its Enter — once: a second Enter while a picked list closes goes on). A form with lines adds its rules through options: a typed date
// kept on Enter, 备注's Enter walking on (Shift+Enter its newline), the last cell of a line, its own keys (F2, F4,
// Ctrl+↓). Controls marked data-enter="own" (a scan field, a barcode cell) and buttons on the walk (选择单据, 附件's
// upload) take their own Enter; a grid cell reached by Enter has its text selected, ready to be typed over.
import type { KeyboardEvent } from 'react';
import type { Dayjs } from 'dayjs';
import { nextInputIndex } from '../../lib/table/next-input';
import { commitTypedDate } from './typed-date';

// 附件's upload is reached by its button (antd drops the trigger's own tab stop when it holds a button); other
// buttons join the walk by data-walk.
const FOCUSABLE =
  'input, textarea, select, button[role="switch"], button[data-walk], .ant-upload button, .ant-upload[role=button][tabindex="0"]';

/** The controls Enter walks through, in page order (a select's search box and a cell opening a picker count even when read-only). */
export function fieldControls(box: HTMLElement | null): HTMLElement[] {
  return Array.from(box?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((el) => {
    const input = el as HTMLInputElement;
    if (el instanceof HTMLInputElement && (input.type === 'hidden' || input.type === 'file')) return false;
    if (input.disabled || el.tabIndex < 0) return false;
    if (input.readOnly && el.getAttribute('role') !== 'combobox' && el.dataset.pick === undefined) return false;
    // A tab not shown (the product form's 库存数量 once left) is not walked into.
    return !el.closest('.ant-tabs-tabpane-hidden');
  });
}

/** Frames an opening form keeps trying to take the cursor (half a second at 60 Hz). */
export const FIRST_FIELD_FRAMES = 30;

/**
 * Puts the cursor in an opening form's first field (or `first(box)`), at the next frame and, while the form is not
 * on the page yet or the cursor did not land, at each frame after it for FIRST_FIELD_FRAMES: on a busy machine a
 * dialog's content can reach the page frames after it opened, and one try then lost the cursor for good (the
 * dialog focused its own panel). Never when the cursor is already in the form. Returns a cancel.
 */
export function focusFirstField(
  box: () => HTMLElement | null,
  first: (box: HTMLElement) => HTMLElement | undefined = (root) => fieldControls(root)[0],
): () => void {
  let left = FIRST_FIELD_FRAMES;
  let frame = 0;
  const attempt = () => {
    const root = box();
    if (root?.contains(document.activeElement)) return;
    if (root) first(root)?.focus();
    if (root?.contains(document.activeElement) || --left <= 0) return;
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/** Focuses the control after `el` (wrapping); a grid cell gets its text selected. False when `el` is not on the walk. */
export function focusNext(box: HTMLElement | null, el: HTMLElement): boolean {
  const controls = fieldControls(box);
  const index = controls.indexOf(el);
  if (index < 0) return false;
  const next = controls[nextInputIndex(index, controls.length)];
  next?.focus();
  if (next instanceof HTMLInputElement && next.dataset.cell) next.select();
  return true;
}

/**
 * Single selects whose open list has just taken an Enter (a pick). antd's select marks its list closed a task later,
 * and the browser runs a queued key press before that task, so a quick second Enter would go to a list that is already
 * closing: until the list says it is closed, Enter on it goes on as it would once the list is gone.
 */
const pickedLists = new WeakSet<Element>();

/** Whether an open list takes this Enter (and picks); false for a closed list or one whose pick is already made. */
export function openListTakesEnter(el: HTMLElement): boolean {
  if (el.getAttribute('aria-expanded') !== 'true') return false;
  if (pickedLists.has(el)) return false;
  // A multiple select or a cascader keeps its list open after an Enter: each Enter is the list's.
  if (!el.closest('.ant-select') || el.closest('.ant-select-multiple, .ant-cascader')) return true;
  pickedLists.add(el);
  const closing = new MutationObserver(() => {
    if (el.getAttribute('aria-expanded') === 'true') return;
    pickedLists.delete(el);
    closing.disconnect();
  });
  closing.observe(el, { attributes: true, attributeFilter: ['aria-expanded'] });
  return true;
}

/** Esc outside an open dropdown: stop it here and ask to close. */
export function escapeAsks(e: KeyboardEvent<HTMLElement>, requestClose: () => void): boolean {
  if (e.key !== 'Escape' || e.nativeEvent.isComposing) return false;
  if ((e.target as HTMLElement).getAttribute?.('aria-expanded') === 'true') return false;
  e.stopPropagation();
  requestClose();
  return true;
}

export interface FormKeys {
  save: () => void;
  requestClose: () => void;
  /** Enter in a textarea walks on and Shift+Enter is its newline (the bills' 备注); otherwise Enter is the newline. */
  textareaWalks?: boolean;
  /** A date typed into a date picker is taken on Enter (the picker would drop it on the way out), then the walk goes on. */
  typedDate?: { format: string; take: (date: Dayjs) => void };
  /** The form's own keys, asked first after Esc and save (F2, F4, Ctrl+↓): true when the key was taken. */
  onKey?: (e: KeyboardEvent<HTMLElement>, el: HTMLElement) => boolean;
  /** A form's own Enter on a control, asked before the walk: true when taken. */
  onEnter?: (el: HTMLElement) => boolean;
  /**
   * Enter or Tab on the cell that ends a line of the grid (data-row-end="true"): 'taken' when the form did something
   * there (added a line, left the grid), null to go on as elsewhere (Enter walks, Tab keeps its own order).
   */
  onLineEnd?: (el: HTMLElement, key: 'enter' | 'tab') => 'taken' | null;
}

/** The form box's keydown (capture). Keys from outside the box (a picker dialog portalled from it) are the dialog's. */
export function formKeyDown(e: KeyboardEvent<HTMLElement>, box: HTMLElement | null, keys: FormKeys): void {
  const el = e.target as HTMLElement;
  if (!box?.contains(el)) return;
  const key = e.key.toLowerCase();
  if (key === 'escape') {
    escapeAsks(e, keys.requestClose);
    return;
  }
  if ((e.ctrlKey || e.metaKey) && (key === 'enter' || key === 's')) {
    e.preventDefault();
    e.stopPropagation();
    keys.save();
    return;
  }
  if (keys.onKey?.(e, el)) return;
  const tab = key === 'tab' && !e.shiftKey;
  if ((key !== 'enter' && !tab) || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
  const walk = () => {
    if (!focusNext(box, el)) return;
    e.preventDefault();
    e.stopPropagation();
  };
  if (key === 'enter' && keys.typedDate) {
    const date = commitTypedDate(el, keys.typedDate.format);
    if (date) {
      keys.typedDate.take(date);
      walk();
      return;
    }
  }
  if (key === 'enter' ? openListTakesEnter(el) : el.getAttribute('aria-expanded') === 'true') return; // an open list takes its Enter
  if (key === 'enter') {
    if (el instanceof HTMLTextAreaElement && !keys.textareaWalks) return; // a newline
    if (el.dataset.enter === 'own') return; // the scan field and barcode cells resolve first
    if (
      (el instanceof HTMLButtonElement && el.getAttribute('role') !== 'switch') ||
      el.getAttribute('role') === 'button'
    )
      return; // pressed
    if (keys.onEnter?.(el)) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
  }
  if (el.dataset.rowEnd === 'true' && keys.onLineEnd?.(el, tab ? 'tab' : 'enter') === 'taken') {
    e.preventDefault();
    e.stopPropagation();
    return;
  }
  if (tab) return; // Tab keeps its own order
  walk();
}
