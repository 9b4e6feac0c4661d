// 字典管理 (SysDictTypeController / SysDictDataController, RuoYi-style): dictionary types and their values. Beside the
// usual returnStr answers these controllers use AjaxResult — `{"code":0,"msg":"操作成功","data":…}`, success being 0
// — and @Validated entities, whose violations reach the global handler as 未知异常. The tables are global (no tenant).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonBody } from '../body.js';
import type { Row, SandboxState } from '../store.js';
import { BusinessException, UnknownException, formatDateTime, idList, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { deletedNames, entityOf, queryId, queryIds, writeLog, writerOf, type EntitySchema } from '../writes.js';

export interface DictRoutesOptions {
  state: SandboxState;
}

const DICT_TYPE: EntitySchema = { dictId: 'long', dictName: 'string', dictType: 'string', status: 'string', remark: 'string' };
const DICT_DATA: EntitySchema = {
  dictCode: 'long', dictSort: 'long', dictLabel: 'string', dictValue: 'string', dictType: 'string', cssClass: 'string',
  listClass: 'string', isDefault: 'string', status: 'string', remark: 'string',
};

/** @JsonFormat("yyyy-MM-dd HH:mm:ss") without a zone: Jackson writes UTC. */
function jsonFormat(value: unknown): string | null {
  if (!(value instanceof Date)) return null;
  return formatDateTime(new Date(value.getTime() - 8 * 3600 * 1000));
}

/** BaseEntity's fields as Jackson writes them (params is empty, so left out). */
const baseEntity = (r: Row): Row => ({
  createBy: r.createBy ?? null, createTime: jsonFormat(r.createTime), updateBy: r.updateBy ?? null, updateTime: jsonFormat(r.updateTime),
  remark: r.remark ?? null, pageNum: null, pageSize: null,
});

export function dictTypeJson(r: Row): Row {
  return { ...baseEntity(r), dictId: r.dictId, dictName: r.dictName, dictType: r.dictType, status: r.status, deleteFlag: r.deleteFlag ?? null };
}

export function dictDataJson(r: Row): Row {
  return {
    ...baseEntity(r), dictCode: r.dictCode, dictSort: r.dictSort, dictLabel: r.dictLabel, dictValue: r.dictValue, dictType: r.dictType,
    cssClass: r.cssClass ?? null, listClass: r.listClass ?? null, isDefault: r.isDefault ?? null, status: r.status,
  };
}

/** AjaxResult.success(data): code 0; `data` only when not null. */
const ajaxSuccess = (data?: unknown): Row => (data === null || data === undefined ? { code: 0, msg: '操作成功' } : { code: 0, msg: '操作成功', data });

/** The @NotBlank / @Size / @Pattern constraints: a violation is MethodArgumentNotValidException → 未知异常. */
function validate(entity: Row, rules: [field: string, required: boolean, pattern?: RegExp][]): void {
  for (const [field, required, pattern] of rules) {
    const v = entity[field];
    if (required && (typeof v !== 'string' || v.trim() === '')) throw new UnknownException(`${field} is blank`);
    if (typeof v === 'string' && v.length > 100) throw new UnknownException(`${field} is too long`);
    if (pattern && typeof v === 'string' && !pattern.test(v)) throw new UnknownException(`${field} does not match`);
  }
}

export async function dictRoutes(app: FastifyInstance, options: DictRoutesOptions): Promise<void> {
  const { state } = options;
  const types = (): Row[] => (state.tables.dictType ??= []);
  const data = (): Row[] => (state.tables.dictData ??= []);
  const liveTypes = (): Row[] => types().filter((t) => t.deleteFlag !== '1');
  const liveData = (): Row[] => data().filter((d) => d.deleteFlag !== '1');
  const nextId = (rows: Row[], key: string): number => Math.max(0, ...rows.map((r) => Number(r[key]) || 0)) + 1;
  const bySort = (a: Row, b: Row): number => Number(a.dictSort ?? 0) - Number(b.dictSort ?? 0);
  const loginName = (request: FastifyRequest): string => writerOf(state, request).user.login_name;

  const readType = (request: FastifyRequest): Row => {
    const dict = entityOf(jsonBody(request), DICT_TYPE);
    validate(dict, [['dictName', true], ['dictType', true, /^[a-z][a-z0-9_]*$/]]);
    return dict;
  };
  /** checkDictTypeUnique: another live type with this dict_type. */
  const typeTaken = (dict: Row): boolean => {
    const found = liveTypes().find((t) => t.dictType === dict.dictType);
    return found !== undefined && found.dictId !== ((dict.dictId as number | null | undefined) ?? -1);
  };

  // --- types ---
  app.post('/dict/type/add', async (request, reply) => {
    const dict = readType(request);
    if (typeTaken(dict)) return sendFastjson(reply, { code: 500, data: { message: `新增字典'${String(dict.dictName)}'失败，字典类型已存在` } });
    types().push({
      dictId: nextId(types(), 'dictId'), dictName: dict.dictName, dictType: dict.dictType, status: dict.status ?? '0',
      remark: dict.remark ?? null, createBy: loginName(request), createTime: state.clock.now(), updateBy: null, updateTime: null, deleteFlag: '0',
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/dict/type/update', async (request, reply) => {
    const dict = readType(request);
    if (typeTaken(dict)) return sendFastjson(reply, { code: 500, data: { message: `修改字典'${String(dict.dictName)}'失败，字典类型已存在` } });
    // The old type is read first (its values follow a renamed type); a missing one is a NullPointerException.
    const old = liveTypes().find((t) => t.dictId === dict.dictId);
    if (!old) throw new UnknownException('dict type not found');
    for (const d of data()) if (d.dictType === old.dictType) d.dictType = dict.dictType;
    const row = types().find((t) => t.dictId === dict.dictId)!;
    row.dictName = dict.dictName;
    row.dictType = dict.dictType;
    if (dict.status !== null && dict.status !== undefined) row.status = dict.status;
    if (dict.remark !== null && dict.remark !== undefined) row.remark = dict.remark;
    row.updateBy = loginName(request);
    row.updateTime = state.clock.now();
    return sendFastjson(reply, returnStr(1));
  });

  /** A type whose values are still live is refused (12500001); an unknown id is a NullPointerException. */
  const deleteTypes = (request: FastifyRequest, ids: number[]): number => {
    for (const id of ids) {
      const type = liveTypes().find((t) => t.dictId === id);
      if (!type) throw new UnknownException('dict type not found');
      if (liveData().some((d) => d.dictType === type.dictType)) throw new BusinessException(12500001, `${String(type.dictName)}已分配,不能删除`);
    }
    const rows = types().filter((t) => ids.includes(t.dictId as number));
    writeLog(writerOf(state, request), '字典类型', deletedNames(rows.filter((t) => t.deleteFlag !== '1').map((t) => t.dictName)));
    for (const t of rows) t.deleteFlag = '1';
    return rows.length;
  };
  app.delete('/dict/type/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteTypes(request, [queryId(request)]))));
  app.delete('/dict/type/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteTypes(request, queryIds(request)))));
  app.delete('/dict/type/refreshCache', async (_request, reply) => sendJackson(reply, ajaxSuccess()));
  app.get('/dict/type/optionselect', async (_request, reply) => sendJackson(reply, ajaxSuccess(liveTypes().map(dictTypeJson))));
  app.get('/dict/type/:dictId', async (request, reply) => {
    const id = toId((request.params as { dictId: string }).dictId);
    if (id === null) throw new UnknownException('dictId is not a number');
    const row = liveTypes().find((t) => t.dictId === id);
    return sendJackson(reply, ajaxSuccess(row ? dictTypeJson(row) : null));
  });

  // --- values ---
  const readData = (request: FastifyRequest): Row => {
    const dict = entityOf(jsonBody(request), DICT_DATA);
    validate(dict, [['dictLabel', true], ['dictValue', true], ['dictType', true], ['cssClass', false]]);
    return dict;
  };

  // The values of one type for the pages' selects: enabled ones, by sort; none → [].
  app.get('/dict/data/type/:dictType', async (request, reply) => {
    const type = (request.params as { dictType: string }).dictType;
    const rows = liveData().filter((d) => d.dictType === type && d.status === '0').sort(bySort).map(dictDataJson);
    return sendJackson(reply, ajaxSuccess(rows));
  });

  app.post('/dict/data/add', async (request, reply) => {
    const dict = readData(request);
    data().push({
      dictCode: nextId(data(), 'dictCode'), dictSort: dict.dictSort ?? 0, dictLabel: dict.dictLabel, dictValue: dict.dictValue,
      dictType: dict.dictType, cssClass: dict.cssClass ?? null, listClass: dict.listClass ?? null, isDefault: dict.isDefault ?? 'N',
      status: dict.status ?? '0', remark: dict.remark ?? null, createBy: loginName(request), createTime: state.clock.now(), updateBy: null,
      updateTime: null, deleteFlag: '0',
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/dict/data/update', async (request, reply) => {
    const dict = readData(request);
    const row = data().find((d) => d.dictCode === dict.dictCode);
    if (row) {
      for (const key of ['dictSort', 'cssClass', 'listClass', 'status', 'remark']) if (dict[key] !== null && dict[key] !== undefined) row[key] = dict[key];
      for (const key of ['dictLabel', 'dictValue', 'dictType', 'isDefault']) if (typeof dict[key] === 'string' && dict[key] !== '') row[key] = dict[key];
      row.updateBy = loginName(request);
      row.updateTime = state.clock.now();
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  const deleteData = (ids: number[]): number => {
    const rows = data().filter((d) => ids.includes(d.dictCode as number));
    for (const d of rows) d.deleteFlag = '1';
    return rows.length;
  };
  app.delete('/dict/data/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteData([queryId(request)]))));
  app.delete('/dict/data/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteData(queryIds(request)))));
  // DELETE /dict/data/1,2: a hard delete, always 操作成功.
  app.delete('/dict/data/:dictCodes', async (request, reply) => {
    const ids = idList((request.params as { dictCodes: string }).dictCodes);
    if (ids === null) throw new UnknownException('dictCodes are not numbers');
    const keep = data().filter((d) => !ids.includes(d.dictCode as number));
    data().splice(0, data().length, ...keep);
    return sendJackson(reply, ajaxSuccess());
  });
  app.get('/dict/data/:dictCode', async (request, reply) => {
    const id = toId((request.params as { dictCode: string }).dictCode);
    if (id === null) throw new UnknownException('dictCode is not a number');
    const row = liveData().find((d) => d.dictCode === id);
    return sendJackson(reply, ajaxSuccess(row ? dictDataJson(row) : null));
  });
}
