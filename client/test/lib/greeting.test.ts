import { expect, it } from 'vitest';
import { greetingKey } from '../../lib/greeting';
import { t as translate } from '../../lib/i18n/i18n';

it('greeting by hour, at each boundary', () => {
  const at = (hour: number) => translate(greetingKey(hour));
  expect(at(0)).toBe('早上好');
  expect(at(8)).toBe('早上好');
  expect(at(9)).toBe('上午好');
  expect(at(11)).toBe('上午好');
  expect(at(12)).toBe('中午好');
  expect(at(13)).toBe('中午好');
  expect(at(14)).toBe('下午好');
  expect(at(19)).toBe('下午好');
  expect(at(20)).toBe('晚上好');
  expect(at(23)).toBe('晚上好');
  expect(translate('login.welcomeBack', { greeting: at(10) })).toBe('上午好，欢迎回来');
});
