// The one reader of jshERP-boot's answers, family by family, as the backend sends them.
import { describe, expect, it } from 'vitest';
import {
  answerCode,
  answerText,
  interpretCheckAnswer,
  interpretSaveAnswer,
  isOk,
  okArray,
  okData,
  okObject,
  optionList,
} from '../../../lib/backend/envelope';

describe('the backend envelope', () => {
  it('A returnStr / returnJson: a write accepted or refused, with its message', () => {
    expect(interpretSaveAnswer({ code: 200, data: { message: '成功' } })).toEqual({ ok: true, message: '成功' });
    expect(interpretSaveAnswer({ code: 500, data: { message: '服务内部错误' } })).toEqual({
      ok: false,
      message: '服务内部错误',
    });
    expect(interpretCheckAnswer({ code: 200, data: { message: '成功', status: true } })).toEqual({ kind: 'taken' });
    expect(interpretCheckAnswer({ code: 200, data: { message: '成功', status: false } })).toEqual({ kind: 'free' });
    expect(okObject({ code: 200, data: { message: '成功', id: 32 } })?.id).toBe(32);
  });

  it('B BaseResponseInfo: data on success, the failure text in data, the untouched default 400', () => {
    expect(okObject({ code: 200, data: { defaultNumber: '00000000680' } })).toEqual({ defaultNumber: '00000000680' });
    expect(okData({ code: 200, data: 'ab' })).toBe('ab');
    expect(okArray({ code: 200, data: [58, 52] })).toEqual([58, 52]);
    const failed = { code: 500, data: '获取数据失败' };
    expect(isOk(failed)).toBe(false);
    expect(okData(failed)).toBeUndefined();
    expect(okObject(failed)).toBeNull();
    expect(answerText(failed)).toBe('获取数据失败');
    expect(answerCode({ code: 400, data: null })).toBe(400);
    // A text or an array is not the object a caller asked for, nor an object the array.
    expect(okObject({ code: 200, data: '获取数据失败' })).toBeNull();
    expect(okObject({ code: 200, data: [1] })).toBeNull();
    expect(okArray({ code: 200, data: { rows: [] } })).toBeNull();
  });

  it('C standardSuccess: msg instead of data', () => {
    expect(interpretSaveAnswer({ code: 200, msg: '操作成功' })).toEqual({ ok: true, message: '操作成功' });
  });

  it('D the exception handler: a business code with data.message, or 500 with a bare text', () => {
    expect(interpretSaveAnswer({ code: 500013, data: { message: '用户名称已经存在' } })).toEqual({
      ok: false,
      message: '用户名称已经存在',
    });
    expect(interpretSaveAnswer({ code: 500, data: '未知异常' })).toEqual({ ok: false, message: '未知异常' });
    expect(interpretCheckAnswer({ code: 301, data: { message: '数据写入异常' } })).toEqual({
      kind: 'failed',
      message: '数据写入异常',
    });
  });

  it('E bare JSON: no code, so never "ok"; option lists read it as it comes', () => {
    const bare = [{ id: 60, supplier: '广州安盾劳保用品厂' }];
    expect(isOk(bare)).toBe(false);
    expect(answerCode(bare)).toBeUndefined();
    expect(optionList(bare)).toEqual(bare);
    expect(optionList({ code: 200, data: bare })).toEqual(bare);
    expect(optionList({ code: 200, data: { rows: bare, total: 1 } })).toEqual(bare);
    expect(optionList({ code: 200, data: { accountList: bare } }, 'data.accountList')).toEqual(bare);
  });

  it('what is no envelope at all (an empty body, a proxy page, null) is never accepted', () => {
    for (const body of ['', '<html>', null, undefined, 7]) {
      expect(isOk(body)).toBe(false);
      expect(okObject(body)).toBeNull();
    }
  });
});
