// AccountItemController (/accountItem/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import type { StoredRow, TenantTableName } from '../business-rows.js';
import { liveRows, type Row, type SandboxState, tenantRows, isLive } from '../store.js';
import { sendJackson } from '../wire.js';
import { readAmount } from '../financial.js';
import { READ_FAILED, financialWriteKit } from '../financial-writes.js';

export async function accountItemRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  const { writer, requiredLong } = financialWriteKit(state);
  app.get('/accountItem/getDetailList', async (request, reply) => {
    const headerId = requiredLong(request, 'headerId');
    const w = writer(request);
    if (headerId === 0) return sendJackson(reply, { code: 200, data: { total: 0, rows: [] } });
    const head = tenantRows(w, 'accountHead').find((h) => h.id === headerId);
    if (!head) return sendJackson(reply, READ_FAILED);
    const name = (table: TenantTableName, id: unknown, field = 'name'): unknown =>
      id === null || id === undefined
        ? null
        : (((state.tables[table] as StoredRow[]).find((r) => r.id === id && isLive(r)) as Row | undefined)?.[field] ??
          null);
    const rows = liveRows(w, 'accountItem')
      .filter((i) => i.headerId === headerId)
      .sort((a, b) => a.id - b.id)
      .map((i) => ({
        accountId: i.accountId,
        accountName: name('account', i.accountId),
        inOutItemId: i.inOutItemId,
        inOutItemName: name('inOutItem', i.inOutItemId),
        billNumber: (name('depotHead', i.billId, 'number') as string | null) || 'QiChu',
        needDebt: i.needDebt,
        finishDebt: i.finishDebt,
        eachAmount: readAmount(head.type, i.eachAmount),
        remark: i.remark,
      }));
    // fastjson JSONObjects (maps) written by Jackson: null values stay.
    return sendJackson(reply, { code: 200, data: { total: rows.length, rows } });
  });
}
