import { expect, it } from 'vitest';
import { isDecimalThree, isDecimalTwo, isEmail, isMobile, isPhone, isURL } from '../../../lib/table/validators';

it('URL check accepts http and https only', () => {
  expect(isURL('http://a.b')).toBeTruthy();
  expect(isURL('https://a.b/c?d')).toBeTruthy();
  expect(isURL('ftp://a.b')).toBeFalsy();
  expect(isURL('www.a.b')).toBeFalsy();
  expect(isURL(' https://a.b')).toBeFalsy();
});

it('numeric check: digits with up to 3 decimals', () => {
  for (const ok of ['0', '12', '1.5', '1.25', '1.125']) expect(isDecimalThree(ok), ok).toBeTruthy();
  for (const bad of ['1.1234', '-1', '1.', '.5', 'a', '1,000', '']) expect(isDecimalThree(bad), bad).toBeFalsy();
  expect(isDecimalTwo('3.14')).toBeTruthy();
  expect(isDecimalTwo('3.141')).toBeFalsy();
});

it('other validators of the original', () => {
  expect(isEmail('a.b@c.com')).toBeTruthy();
  expect(isEmail('a@')).toBeFalsy();
  expect(isMobile('13800138000')).toBeTruthy();
  expect(isMobile('23800138000')).toBeFalsy();
  expect(isMobile('1380013800')).toBeFalsy();
  expect(isPhone('010-12345678')).toBeTruthy();
  expect(isPhone('1234567')).toBeTruthy();
  expect(isPhone('12-1234567')).toBeFalsy();
});
