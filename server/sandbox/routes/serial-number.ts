// SerialNumberController (/serialNumber/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth-filter.js';
import { jsonBody } from '../body.js';
import { BusinessException, formatDateTime, returnStr, sendFastjson, sendJackson } from '../wire.js';
import { entityOf, writeLog, writerOf } from '../writes.js';
import { liveRows, type Row, type SandboxState, type TenantScope } from '../store.js';
import { READ_FAIL, billWriteKit, blank } from '../bill-writes.js';

export async function serialNumberRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  const { numberOfLine } = billWriteKit(state);
  // SerialNumberService.batAddSerialNumber: up to 500 unsold numbers `<prefix><ms><1..n>` for the product of
  // materialCode (its first barcode match, else material 0), in no depot and on no bill; logged as 批量新增<n>条.
  app.post('/serialNumber/batAddSerialNumber', async (request, reply) => {
    const w = writerOf(state, request);
    const body = entityOf(jsonBody(request), {
      materialCode: 'string',
      serialNumberPrefix: 'string',
      batAddTotal: 'long',
      remark: 'string',
    });
    const code = body.materialCode;
    if (blank(code)) return sendFastjson(reply, returnStr(0));
    const codes = String(code).split(',');
    const material = liveRows(w, 'material')
      .filter((m) =>
        liveRows(w, 'materialExtend').some((e) => e.materialId === m.id && codes.includes(String(e.barCode))),
      )
      .sort((a, b) => b.id - a.id)[0];
    const total = Number(body.batAddTotal ?? NaN);
    const count = Math.min(500, total);
    // A missing count (an unboxing NullPointerException) or none to insert (an empty VALUES list) fails in the
    // service's try block: JshException.writeFail.
    if (
      !Number.isFinite(total) ||
      count < 1 ||
      body.serialNumberPrefix === null ||
      body.serialNumberPrefix === undefined
    ) {
      throw new BusinessException(301, '数据写入异常');
    }
    const now = state.clock.now();
    const prefix = `${String(body.serialNumberPrefix)}${now.getTime()}`;
    const rows = (state.tables.serialNumber ??= []);
    for (let i = 1; i <= count; i++) {
      rows.push({
        id: state.nextId('serialNumber'),
        materialId: material?.id ?? 0,
        depotId: null,
        serialNumber: `${prefix}${i}`,
        isSell: '0',
        remark: body.remark ?? null,
        deleteFlag: '0',
        createTime: now,
        creator: w.user.id,
        updateTime: now,
        updater: w.user.id,
        inBillNo: null,
        outBillNo: null,
        inPrice: null,
        tenantId: w.tenantId === 0 ? null : w.tenantId,
        materialName: material?.name ?? null,
        depotName: null,
        creatorName: w.user.username,
        updaterName: w.user.username,
      });
    }
    writeLog(w, '序列号', `批量新增${total}条`);
    return sendFastjson(reply, returnStr(count));
  });

  app.post('/serialNumber/getEnableSerialNumberList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const body = entityOf(jsonBody(request), {
      name: 'string',
      depotItemId: 'long',
      depotId: 'long',
      barCode: 'string',
      page: 'long',
      rows: 'long',
    });
    if (body.page === null || body.page === undefined || body.rows === null || body.rows === undefined)
      return sendJackson(reply, READ_FAIL);
    const scope: TenantScope = { state, tenantId };
    const names = blank(body.name) ? [] : String(body.name).replaceAll('，', ',').split(',');
    const exact = names.length > 1 ? names : null;
    const like = names.length === 1 ? names[0]! : null;
    const barcode = blank(body.barCode)
      ? null
      : liveRows(scope, 'materialExtend').find((e) => e.barCode === body.barCode && e.defaultFlag === '1');
    const except = numberOfLine(tenantId, (body.depotItemId as number | null | undefined) ?? null);
    const all = liveRows(scope, 'serialNumber')
      .filter(
        (x) =>
          (barcode === null || x.materialId === barcode?.materialId) &&
          (body.depotId === null || body.depotId === undefined || x.depotId === body.depotId),
      )
      .filter(
        (x) =>
          (like === null || String(x.serialNumber).includes(like)) &&
          (exact === null || exact.includes(String(x.serialNumber))),
      )
      .filter((x) => x.isSell === '0' || (except !== '' && x.outBillNo === except))
      .sort((a, b) => a.id - b.id);
    const page = body.page;
    const size = body.rows;
    const rows = all.slice((page - 1) * size, page * size).map((x) => ({
      id: x.id,
      serialNumber: x.serialNumber,
      inBillNo: x.inBillNo ?? null,
      createTime: x.createTime ?? null,
      updateTime: x.updateTime ?? null,
      createTimeStr: x.createTime instanceof Date ? formatDateTime(x.createTime) : null,
    }));
    const data: Row = { rows, total: all.length };
    const missing = (exact ?? []).filter((n) => !all.some((x) => x.serialNumber === n));
    if (missing.length > 0) data.missInfo = missing.join(',');
    return sendJackson(reply, { code: 200, data });
  });
}
