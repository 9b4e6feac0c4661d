// An opening form takes the cursor into its first field even when its content reaches the page frames after the
// dialog opened (a busy machine: one try at the next frame lost the cursor to the dialog's own panel), and never
// takes it from a field the user is already in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_FIELD_FRAMES, focusFirstField } from '../../../components/form-kit/form-keys';

function formBox(): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = '<input aria-label="单据编号"><input aria-label="备注">';
  return box;
}
const field = (box: HTMLElement, label: string) => box.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] }));
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focusFirstField', () => {
  it('waits for the form to reach the page, then puts the cursor in its first field', () => {
    const box = formBox();
    let onPage: HTMLElement | null = null;
    focusFirstField(() => onPage);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    expect(document.activeElement).toBe(document.body);
    onPage = document.body.appendChild(box);
    vi.advanceTimersToNextFrame();
    expect(document.activeElement).toBe(field(box, '单据编号'));
  });

  it('takes the cursor back when the dialog focused its own panel before the form was there', () => {
    const panel = document.body.appendChild(document.createElement('div'));
    panel.tabIndex = -1;
    const box = formBox();
    let onPage: HTMLElement | null = null;
    focusFirstField(() => onPage);
    vi.advanceTimersToNextFrame();
    panel.focus();
    onPage = panel.appendChild(box);
    vi.advanceTimersToNextFrame();
    expect(document.activeElement).toBe(field(box, '单据编号'));
  });

  it('leaves the cursor where the user put it in the form, and gives up after its frames', () => {
    const box = document.body.appendChild(formBox());
    field(box, '备注').focus();
    focusFirstField(() => box);
    vi.advanceTimersToNextFrame();
    expect(document.activeElement).toBe(field(box, '备注'));

    const never = vi.fn(() => null);
    focusFirstField(never);
    for (let frame = 0; frame < FIRST_FIELD_FRAMES + 5; frame++) vi.advanceTimersToNextFrame();
    expect(never).toHaveBeenCalledTimes(FIRST_FIELD_FRAMES);
  });
});
