// The first visit follows the browser's languages among the eleven offered.
import { expect, it } from 'vitest';
import { pickLanguage } from '../../../lib/i18n/language-list';

it('the first offered language of the list wins, exact codes in any case', () => {
  expect(pickLanguage(['de-DE', 'en-US'])).toBe('de-DE');
  expect(pickLanguage(['xx', 'RU-ru'])).toBe('ru-RU');
  expect(pickLanguage(['fr', 'en'])).toBe('fr-FR');
});

it('another region of an offered language takes that language', () => {
  expect(pickLanguage(['en-GB'])).toBe('en-US');
  expect(pickLanguage(['pt-PT'])).toBe('pt-BR');
  expect(pickLanguage(['es-MX'])).toBe('es-ES');
  expect(pickLanguage(['de-AT'])).toBe('de-DE');
  expect(pickLanguage(['ja'])).toBe('ja-JP');
});

it('Chinese by script or region', () => {
  expect(pickLanguage(['zh'])).toBe('zh-CN');
  expect(pickLanguage(['zh-SG'])).toBe('zh-CN');
  expect(pickLanguage(['zh-Hans-CN'])).toBe('zh-CN');
  expect(pickLanguage(['zh-HK'])).toBe('zh-TW');
  expect(pickLanguage(['zh-Hant'])).toBe('zh-TW');
  expect(pickLanguage(['zh-MO', 'en'])).toBe('zh-TW');
});

it('none offered: null (the caller keeps zh-CN)', () => {
  expect(pickLanguage([])).toBeNull();
  expect(pickLanguage(['nl-NL', 'it'])).toBeNull();
});

it('storedLanguage: a stored choice wins, else the browser languages, else zh-CN', async () => {
  const { vi } = await import('vitest');
  const { storedLanguage } = await import('../../../lib/i18n/language-switch');
  const { storage, StorageKeys } = await import('../../../lib/storage');
  const languages = vi.spyOn(navigator, 'languages', 'get');
  try {
    storage.remove(StorageKeys.language);
    languages.mockReturnValue(['ru', 'en-US']);
    expect(storedLanguage(), 'first visit: the browser').toBe('ru-RU');
    languages.mockReturnValue(['nl']);
    expect(storedLanguage(), 'nothing offered: zh-CN').toBe('zh-CN');
    storage.set(StorageKeys.language, 'de-DE');
    languages.mockReturnValue(['ru']);
    expect(storedLanguage(), 'a stored choice wins').toBe('de-DE');
  } finally {
    storage.remove(StorageKeys.language);
    languages.mockRestore();
  }
});
