import { expect, it } from 'vitest';
import { interpretImportAnswer, interpretListAnswer, joinIds } from '../../../lib/table/batch';

it('batch ids keep the trailing comma', () => {
  expect(joinIds([3, 5])).toBe('3,5,');
  expect(joinIds(['a'])).toBe('a,');
});

it('list answers: 200 rows, 510 warns with its message, others warn data.message', () => {
  expect(interpretListAnswer({ code: 200, data: { rows: [{ id: 1 }], total: 7 } })).toEqual({
    kind: 'rows',
    rows: [{ id: 1 }],
    total: 7,
  });
  expect(interpretListAnswer({ code: 510, data: { message: '演示用户禁止操作' } })).toEqual({
    kind: 'warn',
    message: '演示用户禁止操作',
  });
  expect(interpretListAnswer({ code: 510, data: '没有权限' })).toEqual({ kind: 'warn', message: '没有权限' });
  expect(interpretListAnswer({ code: 500, data: { message: '服务内部错误' } })).toEqual({
    kind: 'warn',
    message: '服务内部错误',
  });
  expect(interpretListAnswer({ code: 500, data: '未知异常' })).toEqual({ kind: 'warn', message: '未知异常' });
  expect(interpretListAnswer(null)).toEqual({ kind: 'warn', message: '' });
});

it('import answers', () => {
  expect(interpretImportAnswer({ code: 200, data: '导入成功3条' })).toEqual({
    kind: 'success',
    message: '导入成功3条',
  });
  expect(interpretImportAnswer({ code: 200, data: null })).toEqual({ kind: 'success', message: null });
  expect(interpretImportAnswer({ code: 500, data: { message: '格式错误' } })).toEqual({
    kind: 'warn',
    message: '格式错误',
  });
});
