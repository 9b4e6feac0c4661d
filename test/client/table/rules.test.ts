import t from 'tap';
import { isDecimalThree, isDecimalTwo, isEmail, isMobile, isPhone, isURL } from '../../../client/lib/table/validators.js';
import { ellipsis, exportFileName, numberFormat, timestamp } from '../../../client/lib/table/format.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, REPORT_PAGE_SIZE_OPTIONS } from '../../../client/lib/table/pagination.js';
import { t as translate } from '../../../client/lib/i18n/i18n.js';
import { nextInputIndex } from '../../../client/lib/table/next-input.js';
import { dragWidth } from '../../../client/lib/table/column-width.js';
import { interpretImportAnswer, interpretListAnswer, joinIds } from '../../../client/lib/table/batch.js';

t.test('URL check accepts http and https only', async (t) => {
  t.ok(isURL('http://a.b'));
  t.ok(isURL('https://a.b/c?d'));
  t.notOk(isURL('ftp://a.b'));
  t.notOk(isURL('www.a.b'));
  t.notOk(isURL(' https://a.b'));
});

t.test('numeric check: digits with up to 3 decimals', async (t) => {
  for (const ok of ['0', '12', '1.5', '1.25', '1.125']) t.ok(isDecimalThree(ok), ok);
  for (const bad of ['1.1234', '-1', '1.', '.5', 'a', '1,000', '']) t.notOk(isDecimalThree(bad), bad);
  t.ok(isDecimalTwo('3.14'));
  t.notOk(isDecimalTwo('3.141'));
});

t.test('other validators of the original', async (t) => {
  t.ok(isEmail('a.b@c.com'));
  t.notOk(isEmail('a@'));
  t.ok(isMobile('13800138000'));
  t.notOk(isMobile('23800138000'));
  t.notOk(isMobile('1380013800'));
  t.ok(isPhone('010-12345678'));
  t.ok(isPhone('1234567'));
  t.notOk(isPhone('12-1234567'));
});

t.test('number format adds thousands separators; decimals keep their fraction', async (t) => {
  t.equal(numberFormat(1234567), '1,234,567');
  t.equal(numberFormat('1000'), '1,000');
  t.equal(numberFormat('999'), '999');
  t.equal(numberFormat('1234567.891'), '1,234,567.891');
  t.equal(numberFormat(-12345.5), '-12,345.5');
  t.equal(numberFormat(0), '0');
  t.equal(numberFormat(''), '0');
  t.equal(numberFormat(null), '0');
  t.equal(numberFormat('abc'), 'abc');
});

t.test('ellipsis: 25 characters by default, then ...', async (t) => {
  const s26 = 'abcdefghijklmnopqrstuvwxyz';
  t.equal(ellipsis(s26), s26.slice(0, 25) + '...');
  t.equal(ellipsis(s26.slice(0, 25)), s26.slice(0, 25));
  t.equal(ellipsis('商品名称很长', 4), '商品名称...');
  t.equal(ellipsis(''), '');
  t.equal(ellipsis(undefined), '');
});

t.test('pagination defaults and total text a-b 共N条', async (t) => {
  t.equal(DEFAULT_PAGE_SIZE, 10);
  t.same(PAGE_SIZE_OPTIONS, [10, 20, 30, 50, 100]);
  t.same(REPORT_PAGE_SIZE_OPTIONS, [11, 21, 31, 101, 201]);
  t.equal(translate('table.total', { from: 11, to: 20, total: 57 }), '11-20 共57条', 'zh-CN, the default language');
});

t.test('Enter moves to the next input and wraps', async (t) => {
  t.equal(nextInputIndex(0, 3), 1);
  t.equal(nextInputIndex(1, 3), 2);
  t.equal(nextInputIndex(2, 3), 0);
  t.equal(nextInputIndex(-1, 3), 0);
  t.equal(nextInputIndex(0, 1), 0);
  t.equal(nextInputIndex(0, 0), -1);
});

t.test('dragged width never goes below a readable 50 px', async (t) => {
  t.equal(dragWidth(120, 30), 150);
  t.equal(dragWidth(120, -500), 50);
  t.equal(dragWidth(120, -70), 50);
  t.equal(dragWidth(120, -69), 51);
});

t.test('export file name is <name>_<yyyyMMddHHmmss>.xls', async (t) => {
  const d = new Date(2024, 0, 2, 3, 4, 5);
  t.equal(timestamp(d), '20240102030405');
  t.equal(exportFileName('商品信息', d), '商品信息_20240102030405.xls');
  t.equal(exportFileName(undefined, d), '导出文件_20240102030405.xls');
});

t.test('batch ids keep the trailing comma', async (t) => {
  t.equal(joinIds([3, 5]), '3,5,');
  t.equal(joinIds(['a']), 'a,');
});

t.test('list answers: 200 rows, 510 warns with its message, others warn data.message', async (t) => {
  t.same(interpretListAnswer({ code: 200, data: { rows: [{ id: 1 }], total: 7 } }), { kind: 'rows', rows: [{ id: 1 }], total: 7 });
  t.same(interpretListAnswer({ code: 510, data: { message: '演示用户禁止操作' } }), { kind: 'warn', message: '演示用户禁止操作' });
  t.same(interpretListAnswer({ code: 510, data: '没有权限' }), { kind: 'warn', message: '没有权限' });
  t.same(interpretListAnswer({ code: 500, data: { message: '服务内部错误' } }), { kind: 'warn', message: '服务内部错误' });
  t.same(interpretListAnswer({ code: 500, data: '未知异常' }), { kind: 'warn', message: '未知异常' });
  t.same(interpretListAnswer(null), { kind: 'warn', message: '' });
});

t.test('import answers', async (t) => {
  t.same(interpretImportAnswer({ code: 200, data: '导入成功3条' }), { kind: 'success', message: '导入成功3条' });
  t.same(interpretImportAnswer({ code: 200, data: null }), { kind: 'success', message: null });
  t.same(interpretImportAnswer({ code: 500, data: { message: '格式错误' } }), { kind: 'warn', message: '格式错误' });
});

t.test('detail list: 1–4 columns with the original spans, clamped', async (t) => {
  const { clampColumns, DETAIL_SPANS } = await import('../../../client/lib/table/detail-spans.js');
  t.equal(clampColumns(undefined), 3);
  t.equal(clampColumns(7), 4);
  t.equal(clampColumns(0), 1);
  t.same(DETAIL_SPANS[1], { xs: 24 });
  t.same(DETAIL_SPANS[2], { xs: 24, sm: 12 });
  t.same(DETAIL_SPANS[3], { xs: 24, sm: 12, md: 8 });
  t.same(DETAIL_SPANS[4], { xs: 24, sm: 12, md: 6 });
});
