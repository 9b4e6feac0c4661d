// 字典管理 (SysDictTypeController / SysDictDataController, RuoYi-style): dictionary types and their values. Beside the
// usual returnStr answers these controllers use AjaxResult — `{"code":0,"msg":"操作成功","data":…}`, success being 0
// — and @Validated entities, whose violations reach the global handler as 未知异常. The tables are global (no tenant).
import type { FastifyRequest } from 'fastify';
import { jsonBody } from './body.js';
import type { Row, SandboxState } from './store.js';
import { BusinessException, UnknownException, formatDateTime } from './wire.js';
import { deletedNames, entityOf, writeLog, writerOf, type EntitySchema } from './writes.js';
import { perState } from './per-state.js';
import { isLive } from './store.js';

export const DICT_TYPE = {
  dictId: 'long',
  dictName: 'string',
  dictType: 'string',
  status: 'string',
  remark: 'string',
} as const satisfies EntitySchema;
export const DICT_DATA = {
  dictCode: 'long',
  dictSort: 'long',
  dictLabel: 'string',
  dictValue: 'string',
  dictType: 'string',
  cssClass: 'string',
  listClass: 'string',
  isDefault: 'string',
  status: 'string',
  remark: 'string',
} as const satisfies EntitySchema;

/** @JsonFormat("yyyy-MM-dd HH:mm:ss") without a zone: Jackson writes UTC. */
export function jsonFormat(value: unknown): string | null {
  if (!(value instanceof Date)) return null;
  return formatDateTime(new Date(value.getTime() - 8 * 3600 * 1000));
}

/** BaseEntity's fields as Jackson writes them: params is empty and pageNum / pageSize have no getter, so left out. */
export const baseEntity = (r: Row): Row => ({
  createBy: r.createBy ?? null,
  createTime: jsonFormat(r.createTime),
  updateBy: r.updateBy ?? null,
  updateTime: jsonFormat(r.updateTime),
  remark: r.remark ?? null,
});

/** A type as selectDictTypeVo reads it: no delete_flag column, so deleteFlag is null. */
export function dictTypeJson(r: Row): Row {
  return {
    ...baseEntity(r),
    dictId: r.dictId,
    dictName: r.dictName,
    dictType: r.dictType,
    status: r.status,
    deleteFlag: null,
  };
}

/** A value as selectDictDataVo reads it: no update_by, update_time or delete_flag columns. */
export function dictDataJson(r: Row): Row {
  return {
    ...baseEntity(r),
    updateBy: null,
    updateTime: null,
    dictCode: r.dictCode,
    dictSort: r.dictSort,
    dictLabel: r.dictLabel,
    dictValue: r.dictValue,
    dictType: r.dictType,
    cssClass: r.cssClass ?? null,
    listClass: r.listClass ?? null,
    isDefault: r.isDefault ?? null,
    status: r.status,
  };
}

/** AjaxResult.success(data): code 0; `data` only when not null. */
export const ajaxSuccess = (data?: unknown): Row =>
  data === null || data === undefined ? { code: 0, msg: '操作成功' } : { code: 0, msg: '操作成功', data };

/** The @NotBlank / @Size / @Pattern constraints: a violation is MethodArgumentNotValidException → 未知异常. */
export function validate(entity: Row, rules: [field: string, required: boolean, pattern?: RegExp][]): void {
  for (const [field, required, pattern] of rules) {
    const v = entity[field];
    if (required && (typeof v !== 'string' || v.trim() === '')) throw new UnknownException(`${field} is blank`);
    if (typeof v === 'string' && v.length > 100) throw new UnknownException(`${field} is too long`);
    if (pattern && typeof v === 'string' && !pattern.test(v)) throw new UnknownException(`${field} does not match`);
  }
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeDictWriteKit(state: SandboxState) {
  const types = (): Row[] => (state.tables.dictType ??= []);
  const data = (): Row[] => (state.tables.dictData ??= []);
  const liveTypes = (): Row[] => types().filter((t) => isLive(t));
  const liveData = (): Row[] => data().filter((d) => isLive(d));
  const bySort = (a: Row, b: Row): number => Number(a.dictSort ?? 0) - Number(b.dictSort ?? 0);
  const loginName = (request: FastifyRequest): string => writerOf(state, request).user.login_name;
  /** BaseEntity's columns of a new row: who and when, not updated yet, live. */
  const created = (request: FastifyRequest) => ({
    createBy: loginName(request),
    createTime: state.clock.now(),
    updateBy: null,
    updateTime: null,
    deleteFlag: '0',
  });

  const readType = (request: FastifyRequest): Row => {
    const dict = entityOf(jsonBody(request), DICT_TYPE);
    validate(dict, [
      ['dictName', true],
      ['dictType', true, /^[a-z][a-z0-9_]*$/],
    ]);
    return dict;
  };
  /** checkDictTypeUnique: another live type with this dict_type. */
  const typeTaken = (dict: Row): boolean => {
    const found = liveTypes().find((t) => t.dictType === dict.dictType);
    return found !== undefined && found.dictId !== ((dict.dictId as number | null | undefined) ?? -1);
  };

  /** A type whose values are still live is refused (12500001); an unknown id is a NullPointerException. */
  const deleteTypes = (request: FastifyRequest, ids: number[]): number => {
    for (const id of ids) {
      const type = liveTypes().find((t) => t.dictId === id);
      if (!type) throw new UnknownException('dict type not found');
      if (liveData().some((d) => d.dictType === type.dictType))
        throw new BusinessException(12500001, `${String(type.dictName)}已分配,不能删除`);
    }
    const rows = types().filter((t) => ids.includes(t.dictId as number));
    writeLog(writerOf(state, request), '字典类型', deletedNames(rows.filter((t) => isLive(t)).map((t) => t.dictName)));
    for (const t of rows) t.deleteFlag = '1';
    return rows.length;
  };
  // --- values ---
  const readData = (request: FastifyRequest): Row => {
    const dict = entityOf(jsonBody(request), DICT_DATA);
    validate(dict, [
      ['dictLabel', true],
      ['dictValue', true],
      ['dictType', true],
      ['cssClass', false],
    ]);
    return dict;
  };

  const deleteData = (ids: number[]): number => {
    const rows = data().filter((d) => ids.includes(d.dictCode as number));
    for (const d of rows) d.deleteFlag = '1';
    return rows.length;
  };
  return {
    types,
    data,
    liveTypes,
    liveData,
    bySort,
    loginName,
    created,
    readType,
    typeTaken,
    deleteTypes,
    readData,
    deleteData,
  };
}

export const dictWriteKit = perState(makeDictWriteKit);
