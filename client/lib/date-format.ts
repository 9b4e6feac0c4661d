// The backend's dates (`yyyy-MM-dd HH:mm:ss` text, the shop's wall time) written as the page's language writes
// them: 02.12.2026, 10:00:00 in German, 12/02/2026, 10:00:00 in English, 2026/12/02 10:00:00 in Japanese. Chinese
// keeps the original's form (2026-12-02 10:00:00), which is how Chinese shops and jshERP-web write it. The text is
// read as wall time and formatted in UTC so the browser's own zone never moves a bill to another day. Anything that
// is not such a date is shown as it came.
import { currentLanguage } from './i18n/i18n.js';

const BACKEND_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;
/** Languages whose own way is the backend's: the text as it came. */
const AS_SENT = new Set(['zh-CN']);

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: string, parts: 'date' | 'minutes' | 'seconds'): Intl.DateTimeFormat {
  const key = `${language}|${parts}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(parts === 'date' ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      ...(parts === 'seconds' ? { second: '2-digit' } : {}),
    };
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      format = new Intl.DateTimeFormat('zh-CN', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** A backend date or date-time in the page's language, as precise as the text it came as (date, minutes, seconds). */
export function formatBackendDate(value: unknown, language: string = currentLanguage()): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (AS_SENT.has(language)) return text;
  const match = BACKEND_DATE.exec(text);
  if (!match) return text;
  const [, year, month, day, hour, minute, second] = match;
  const at = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
  );
  if (!Number.isFinite(at)) return text;
  return dateFormat(language, hour === undefined ? 'date' : second === undefined ? 'minutes' : 'seconds').format(at);
}
