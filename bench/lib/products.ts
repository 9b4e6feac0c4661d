// The product pages' calls at scale: the sandbox (in this process) with `count` generated products for tenant 63
// (jsh), each with one barcode row and opening stock, for the gateway in front of it to be measured against.
import { startSandbox } from '../../server/sandbox/start.js';
import type { Row } from '../../server/sandbox/state.js';

export interface ProductSandbox {
  url: string;
  /** A barcode of a generated product (the look-up scans it). */
  barCode: string;
  stop: () => Promise<void>;
}

export async function startProductSandbox(count: number): Promise<ProductSandbox> {
  const sandbox = await startSandbox({ captcha: false, logger: false });
  const tables = (sandbox.app as unknown as { sandbox: { state: { tables: Record<string, Row[]> } } }).sandbox.state.tables;
  const materials = tables.material ?? [];
  const extendRows = tables.materialExtend ?? [];
  const stockRows = tables.materialInitialStock ?? [];
  const sample = materials.find((m) => m.tenantId === 63 && m.deleteFlag !== '1');
  const sampleExtend = extendRows.find((e) => e.materialId === sample?.id);
  const sampleStock = stockRows.find((s) => s.materialId === sample?.id);
  if (!sample || !sampleExtend || !sampleStock) throw new Error('bench: the sandbox seed has no product of tenant 63 to copy');
  let materialId = Math.max(...materials.map((m) => Number(m.id) || 0));
  let extendId = Math.max(...extendRows.map((e) => Number(e.id) || 0));
  let stockId = Math.max(...stockRows.map((s) => Number(s.id) || 0));
  let barCode = '';
  for (let n = 1; n <= count; n++) {
    const id = ++materialId;
    barCode = String(9_100_000_000_000 + n);
    materials.push({ ...sample, id, name: `基准商品${String(n).padStart(5, '0')}`, mnemonic: `jzsp${n}` });
    extendRows.push({ ...sampleExtend, id: ++extendId, materialId: id, barCode });
    stockRows.push({ ...sampleStock, id: ++stockId, materialId: id, number: n % 50 });
  }
  return { url: sandbox.url, barCode, stop: () => sandbox.close() };
}
