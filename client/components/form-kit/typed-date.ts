// A date typed into a date picker's input, read when Enter commits it. The forms walk on with Enter before the
// picker sees the key, and a picker with a time (needConfirm) drops an unconfirmed text on blur, keeping its old
// value — "now" on a new bill. The forms read the text themselves and set the field, so a back-dated bill typed by
// keyboard keeps its date.
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** The picker input's typed date, when `el` is one and its text is a date (in `format`, or a bare YYYY-MM-DD). */
export function commitTypedDate(el: HTMLElement, format: string): Dayjs | null {
  if (!(el instanceof HTMLInputElement) || !el.closest('.ant-picker')) return null;
  const text = el.value.trim();
  if (text === '') return null;
  for (const f of [format, 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD']) {
    const parsed = dayjs(text, f, true);
    if (parsed.isValid()) return parsed;
  }
  return null;
}
