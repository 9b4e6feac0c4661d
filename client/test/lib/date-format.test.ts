// The backend's dates as each language writes them, the wall time kept whatever the browser's zone.
import { afterEach, expect, it } from 'vitest';
import { formatBackendDate } from '../../lib/date-format';
import { renderCell } from '../../components/table-page/cell-render';
import { languageLoaders, setLanguage } from '../../lib/i18n/i18n';
import deDE from '../../lib/i18n/de-DE';
import { LANGUAGE_LIST } from '../../lib/i18n/language-list';

afterEach(() => setLanguage('zh-CN'));

it('a bill date as each language writes dates; Chinese as the original', () => {
  const at = '2026-12-02 09:05:07';
  expect(formatBackendDate(at, 'zh-CN')).toBe(at);
  expect(formatBackendDate(at, 'de-DE')).toBe('02.12.2026, 09:05:07');
  expect(formatBackendDate(at, 'en-US')).toBe('12/02/2026, 09:05:07');
  expect(formatBackendDate(at, 'ru-RU')).toBe('02.12.2026, 09:05:07');
  expect(formatBackendDate(at, 'fr-FR')).toBe('02/12/2026 09:05:07');
  expect(formatBackendDate(at, 'ja-JP')).toBe('2026/12/02 09:05:07');
});

it('a day stays a day and midnight stays on its day, in every language', () => {
  for (const { code } of LANGUAGE_LIST) {
    const text = formatBackendDate('2026-01-31 00:00:00', code);
    expect(text, code).toMatch(/31/);
    expect(text, code).toMatch(/00:00:00/);
    expect(text, `${code}: a 24-hour clock`).not.toMatch(/AM|PM|午前|오전|上午/);
    expect(formatBackendDate('2026-01-31', code), `${code}: a date without time`).not.toMatch(/:/);
  }
  expect(formatBackendDate('2026-01-31 23:59', 'de-DE')).toBe('31.01.2026, 23:59');
});

it('what is not a backend date shows as it came', () => {
  expect(formatBackendDate('', 'de-DE')).toBe('');
  expect(formatBackendDate(null, 'de-DE')).toBe('');
  expect(formatBackendDate('gestern', 'de-DE')).toBe('gestern');
  expect(formatBackendDate(1764666307000, 'de-DE')).toBe('1764666307000');
});

it('a list date cell follows the page language', async () => {
  languageLoaders['de-DE'] = async () => ({ default: deDE });
  await setLanguage('de-DE');
  expect(renderCell('date', '2026-12-02 09:05:07')).toBe('02.12.2026, 09:05:07');
  await setLanguage('zh-CN');
  expect(renderCell('date', '2026-12-02 09:05:07')).toBe('2026-12-02 09:05:07');
});
