// MaterialExtendController (/materialsExtend/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { extendsOf } from '../materials.js';
import { UnknownException, sendJackson } from '../wire.js';
import { queryId } from '../writes.js';
import { liveRows } from '../store.js';
import type { Row, SandboxState } from '../store.js';
import { barCodeTaken, materialWriteKit } from '../material-writes.js';

export async function materialExtendRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  const { writer, queryOf } = materialWriteKit(state);
  // --- 条码行 ------------------------------------------------------------------------------------------------------
  app.get('/materialsExtend/getDetailList', async (request, reply) => {
    const materialId = queryId(request, 'materialId');
    const rows = extendsOf(writer(request), materialId).map((e) => {
      const item: Row = { id: e.id, barCode: e.barCode, commodityUnit: e.commodityUnit };
      if (typeof e.sku === 'string' && e.sku !== '') item.sku = e.sku;
      Object.assign(item, {
        purchaseDecimal: e.purchaseDecimal,
        commodityDecimal: e.commodityDecimal,
        wholesaleDecimal: e.wholesaleDecimal,
        lowDecimal: e.lowDecimal,
      });
      return item;
    });
    return sendJackson(reply, { code: 200, data: { total: rows.length, rows } });
  });
  // MaterialExtendService.getInfoByBarCode: the first live barcode row of that code, as its entity (null when none).
  app.get('/materialsExtend/getInfoByBarCode', async (request, reply) => {
    const barCode = queryOf(request).barCode;
    if (typeof barCode !== 'string') throw new UnknownException('barCode is required');
    const row = liveRows(writer(request), 'materialExtend').find((e) => e.barCode === barCode);
    const data = row
      ? Object.fromEntries(
          [
            'id',
            'materialId',
            'barCode',
            'commodityUnit',
            'sku',
            'purchaseDecimal',
            'commodityDecimal',
            'wholesaleDecimal',
            'lowDecimal',
            'defaultFlag',
            'createTime',
            'createSerial',
            'updateSerial',
            'updateTime',
            'tenantId',
            'deleteFlag',
          ].map((k) => [k, row[k as keyof typeof row] ?? null]),
        )
      : null;
    return sendJackson(reply, { code: 200, data });
  });
  app.get('/materialsExtend/checkIsBarCodeExist', async (request, reply) => {
    const id = queryId(request);
    const barCode = queryOf(request).barCode;
    if (typeof barCode !== 'string') throw new UnknownException('barCode is required');
    return sendJackson(reply, { code: 200, data: { status: barCodeTaken(writer(request), barCode, id) } });
  });
}
