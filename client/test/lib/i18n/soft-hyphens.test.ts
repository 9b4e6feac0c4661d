// Long German compounds get soft hyphens between their parts (where the browser may break them, showing a hyphen);
// short words, other languages and text already hyphenated stay as they are.
import { expect, it } from 'vitest';
import { SOFT_HYPHEN, softHyphens } from '../../../lib/i18n/soft-hyphens';

const shown = (text: string) => text.replaceAll(SOFT_HYPHEN, '-');

it('splits long German compounds between their parts, and only there', () => {
  expect(shown(softHyphens('Einzelhandelsverkäufe', 'de-DE'))).toBe('Einzelhandels-verkäufe');
  expect(shown(softHyphens('Lieferantenkontoauszüge', 'de-DE'))).toBe('Lieferanten-konto-auszüge');
  expect(shown(softHyphens('Höchstsicherheitsbestand', 'de-DE'))).toBe('Höchst-sicherheits-bestand');
  expect(shown(softHyphens('Bedarfsanforderungen und Bestandsbewegungen', 'de-DE'))).toBe(
    'Bedarfs-anforderungen und Bestands-bewegungen',
  );
  expect(softHyphens('Einzelhandelsverkäufe', 'de-DE').replaceAll(SOFT_HYPHEN, ''), 'the letters unchanged').toBe(
    'Einzelhandelsverkäufe',
  );
  expect(softHyphens('Umlagerungen', 'de-DE'), 'no part at its start: never cut inside (Umlager-ungen)').toBe(
    'Umlagerungen',
  );
  expect(softHyphens('Lagerort', 'de-DE'), 'short words fit').toBe('Lagerort');
  expect(softHyphens('Einzelhandelsverkäufe', 'en-US'), 'other languages: unchanged').toBe('Einzelhandelsverkäufe');
  expect(softHyphens('零售出库', 'zh-CN')).toBe('零售出库');
  const once = softHyphens('Einzelhandelsverkäufe', 'de-DE');
  expect(softHyphens(once, 'de-DE'), 'applied twice: the same').toBe(once);
});
