// How the sandbox's list answers grow with its tables: rows are generated straight into the in-process sandbox state
// (cloned from the seeded rows of the logged-in tenant, fresh ids and codes), then one client asks through the gateway
// one call at a time, so each figure is the latency of one answer, not throughput.
import type { RowOf, TenantTableName } from '../../server/sandbox/business-rows.js';
import { liveRows, tenantRows, type SandboxState } from '../../server/sandbox/store.js';

export interface ScalingPoint {
  path: string;
  rows: number;
  pageSize: number | null;
  calls: number;
  medianMs: number;
  p95Ms: number;
  bodyBytes: number;
  total: number | null;
}

/** A seeded live row of the tenant, copied for each generated row. */
const templateOf = <K extends TenantTableName>(state: SandboxState, table: K, tenantId: number): RowOf<K> => {
  const template = liveRows({ state, tenantId }, table)[0];
  if (!template) throw new Error(`no seeded ${table} row of tenant ${tenantId} to clone`);
  return template;
};

/** Adds rows until `table` of `tenantId` holds `count` rows; products get their barcode and opening-stock rows. */
export function growTable(
  state: SandboxState,
  table: 'material' | 'depotHead' | 'supplier',
  tenantId: number,
  count: number,
): void {
  const have = tenantRows({ state, tenantId }, table).length;
  const { material, depotHead, supplier, materialExtend, materialInitialStock } = state.tables;
  const product = table === 'material' ? templateOf(state, 'material', tenantId) : undefined;
  const bill = table === 'depotHead' ? templateOf(state, 'depotHead', tenantId) : undefined;
  const partner = table === 'supplier' ? templateOf(state, 'supplier', tenantId) : undefined;
  // Read once: each read walks its whole table, which grows with every product added.
  const extend = product ? templateOf(state, 'materialExtend', tenantId) : undefined;
  const stock = product ? templateOf(state, 'materialInitialStock', tenantId) : undefined;
  for (let i = have; i < count; i++) {
    const id = state.nextId(table);
    if (product && extend && stock) {
      material.push({ ...product, id, name: `压测商品${id}` });
      materialExtend.push({
        ...extend,
        id: state.nextId('materialExtend'),
        materialId: id,
        barCode: `9${String(id).padStart(12, '0')}`,
        defaultFlag: '1',
      });
      materialInitialStock.push({ ...stock, id: state.nextId('materialInitialStock'), materialId: id });
    } else if (bill) depotHead.push({ ...bill, id, number: `BENCH${id}` });
    else if (partner) supplier.push({ ...partner, id, supplier: `压测往来单位${id}` });
  }
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `calls` sequential GETs (after two untimed ones); median and p95 in ms. Fails on any non-200 answer. */
export async function timeCalls(
  url: string,
  token: string,
  calls: number,
): Promise<Omit<ScalingPoint, 'path' | 'rows' | 'pageSize'>> {
  const once = async () => {
    const response = await fetch(url, { headers: { 'x-access-token': token } });
    const body = await response.text();
    if (response.status !== 200 || !body.startsWith('{"code":200'))
      throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
    return body;
  };
  await once();
  const body = await once();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const total = (JSON.parse(body) as { data?: { total?: number } }).data?.total;
  return {
    calls,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    bodyBytes: Buffer.byteLength(body),
    total: typeof total === 'number' ? total : null,
  };
}
