import { expect, it } from 'vitest';
import { ellipsis, exportFileName, numberFormat, timestamp } from '../../../lib/table/format';

it('number format adds thousands separators; decimals keep their fraction', () => {
  expect(numberFormat(1234567)).toBe('1,234,567');
  expect(numberFormat('1000')).toBe('1,000');
  expect(numberFormat('999')).toBe('999');
  expect(numberFormat('1234567.891')).toBe('1,234,567.891');
  expect(numberFormat(-12345.5)).toBe('-12,345.5');
  expect(numberFormat(0)).toBe('0');
  expect(numberFormat('')).toBe('0');
  expect(numberFormat(null)).toBe('0');
  expect(numberFormat('abc')).toBe('abc');
});

it('ellipsis: 25 characters by default, then ...', () => {
  const s26 = 'abcdefghijklmnopqrstuvwxyz';
  expect(ellipsis(s26)).toBe(s26.slice(0, 25) + '...');
  expect(ellipsis(s26.slice(0, 25))).toBe(s26.slice(0, 25));
  expect(ellipsis('商品名称很长', 4)).toBe('商品名称...');
  expect(ellipsis('')).toBe('');
  expect(ellipsis(undefined)).toBe('');
});

it('export file name is <name>_<yyyyMMddHHmmss>.xls', () => {
  const d = new Date(2024, 0, 2, 3, 4, 5);
  expect(timestamp(d)).toBe('20240102030405');
  expect(exportFileName('商品信息', d)).toBe('商品信息_20240102030405.xls');
  expect(exportFileName(undefined, d)).toBe('导出文件_20240102030405.xls');
});
