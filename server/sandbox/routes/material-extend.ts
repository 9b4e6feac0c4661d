// MaterialExtendController (/materialsExtend/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { extendsOf } from '../materials.js';
import { UnknownException, sendJackson } from '../wire.js';
import { queryId } from '../writes.js';
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
  app.get('/materialsExtend/checkIsBarCodeExist', async (request, reply) => {
    const id = queryId(request);
    const barCode = queryOf(request).barCode;
    if (typeof barCode !== 'string') throw new UnknownException('barCode is required');
    return sendJackson(reply, { code: 200, data: { status: barCodeTaken(writer(request), barCode, id) } });
  });
}
