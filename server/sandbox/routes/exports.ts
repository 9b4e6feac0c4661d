// The 导出 downloads the table pages offer. The real backend writes binary .xls with jxl. The partner and product
// exports are .xls too, in the layout their imports read back (excel-import.ts); the report and 对账 exports write the
// same sheet (title, tip, header, rows) as an Excel 2003 XML workbook, which Excel and LibreOffice open as .xls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { jsonBody } from '../body.js';
import type { Row, SandboxState } from '../state.js';
import { UnknownException, idList, toId } from '../wire.js';
import { materialExportSheet, partnerExportSheet } from '../excel-import.js';
import { categoryWithDescendants } from '../reports.js';
import { writeXls } from '../xls.js';
import { parseSearch } from './lists.js';
import { debtBills } from './writes-financial.js';

export interface ExportRoutesOptions {
  state: SandboxState;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

interface Sheet {
  name: string;
  head: string[];
  rows: unknown[][];
  title?: string;
  tip?: string;
}

/** Worksheets, each with optional title and tip lines, the header, then the rows (numbers stay numbers). */
function workbookXml(sheets: Sheet[]): string {
  const cell = (v: unknown): string =>
    typeof v === 'number' && Number.isFinite(v)
      ? `<Cell><Data ss:Type="Number">${v}</Data></Cell>`
      : `<Cell><Data ss:Type="String">${escapeXml(v === null || v === undefined ? '' : String(v))}</Data></Cell>`;
  const line = (values: unknown[]): string => `<Row>${values.map(cell).join('')}</Row>`;
  const worksheet = ({ name, head, rows, title, tip }: Sheet): string => {
    const lines = [...(title ? [line([title])] : []), ...(tip !== undefined ? [line([tip])] : []), line(head), ...rows.map(line)];
    return `<Worksheet ss:Name="${escapeXml(name.slice(0, 31) || 'Sheet1')}"><Table>${lines.join('')}</Table></Worksheet>`;
  };
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>\n' +
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">' +
    `${sheets.map(worksheet).join('')}</Workbook>\n`
  );
}

/** One worksheet: optional title and tip lines, the header, then the rows (numbers stay numbers). */
export function spreadsheetXml(sheet: string, head: string[], rows: unknown[][], title?: string, tip?: string): string {
  return workbookXml([{ name: sheet, head, rows, title, tip }]);
}

function sendXls(reply: FastifyReply, fileName: string, xls: Buffer): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment;filename=${encodeURIComponent(fileName)}.xls`)
    .send(xls);
}

function sendWorkbook(reply: FastifyReply, fileName: string, xml: string): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'application/vnd.ms-excel;charset=UTF-8')
    .header('content-disposition', `attachment;filename=${encodeURIComponent(fileName)}.xls`)
    .send(xml);
}

/** The original sends the filters flat (handleExportXls); a `search` JSON is read too. */
function query(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') out[k] = v.trim();
  return { ...out, ...parseSearch(out.search) };
}

export async function exportRoutes(app: FastifyInstance, options: ExportRoutesOptions): Promise<void> {
  const { state } = options;
  const tenantRows = (request: FastifyRequest, table: string): Row[] => {
    const { tenantId } = authOf(request);
    return (state.tables[table] ?? []).filter((r) => r.deleteFlag !== '1' && (tenantId === 0 || r.tenantId === tenantId));
  };
  const selected = (rows: Row[], selections: string | undefined): Row[] => {
    const ids = selections ? idList(selections) : null;
    return ids && ids.length > 0 ? rows.filter((r) => ids.includes(r.id as number)) : rows;
  };

  // The report pages build the sheet themselves and post it: {title, head: 'a,b,c', tip, list: [[…]]}.
  app.post('/systemConfig/exportExcelByParam', async (request, reply) => {
    const body = jsonBody(request);
    if (typeof body.title !== 'string' || typeof body.head !== 'string' || !Array.isArray(body.list)) {
      throw new UnknownException('title, head and list are required');
    }
    const rows = body.list.map((r) => (Array.isArray(r) ? r : [r]));
    const tip = typeof body.tip === 'string' ? body.tip : undefined;
    return sendWorkbook(reply, body.title, spreadsheetXml(body.title, body.head.split(','), rows, body.title, tip));
  });

  // SupplierController.exportExcel: findByAll's rows in the layout their import reads (see excel-import.ts), as .xls.
  app.get('/supplier/exportExcel', async (request, reply) => {
    const q = query(request);
    const type = q.type ?? '';
    let rows = tenantRows(request, 'supplier').filter((s) => type === '' || s.type === type);
    if (q.supplier) rows = rows.filter((s) => String(s.supplier).includes(q.supplier as string));
    if (q.telephone) rows = rows.filter((s) => String(s.telephone ?? '').includes(q.telephone as string));
    if (q.phonenum) rows = rows.filter((s) => String(s.phoneNum ?? '').includes(q.phonenum as string));
    rows = selected(rows, q.selections).sort((a, b) => String(a.sort ?? '').localeCompare(String(b.sort ?? '')) || (b.id as number) - (a.id as number));
    return sendXls(reply, '信息内容', writeXls([partnerExportSheet(rows, type)]));
  });

  // DepotHeadService.debtExport (客户对账/供应商对账's 导出 of one partner's owing bills): a 单据列表 sheet (tip, header,
  // the bills of /depotHead/debtList) and a 单据明细 sheet with their lines, whose header carries the mpList aliases
  // in three columns. Whatever fails inside (an unknown kind, an mpList of fewer than three names) is swallowed by
  // the controller: an empty answer.
  app.get('/depotHead/debtExport', async (request, reply) => {
    const q = Object.fromEntries(Object.entries((request.query ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    if (q.organId !== undefined && q.organId !== '' && toId(q.organId) === null) throw new UnknownException('organId is not a Long');
    const given = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);
    const vendor = q.subType === '采购';
    if (!vendor && !(q.type === '出库' && q.subType === '销售')) return reply.code(200).send('');
    const { tenantId, user } = authOf(request);
    const w = { state, user, tenantId, ip: '' };
    const bills = debtBills(state, w, {
      organId: given(q.organId), status: given(q.status), number: given(q.number), beginTime: given(q.beginTime), endTime: given(q.endTime),
      materialParam: given(q.materialParam),
    });
    const range = given(q.beginTime) && given(q.endTime) ? `（${String(q.beginTime)} 00:00:00至${String(q.endTime)} 23:59:59）` : '';
    const party = vendor ? '供应商' : '客户';
    const [done, left] = vendor ? ['已付欠款', '待付欠款'] : ['已收欠款', '待收欠款'];
    const two = (n: unknown): string => (Number(n ?? 0) || 0).toFixed(2);
    const listHead = [party, '单据编号', '关联单据', '商品信息', '单据日期', '操作员', '单据金额', '本单欠款', done, left, '备注'];
    const listRows = bills.map((h) => [
      h.organName, h.number, h.linkNumber, h.materialsList, h.operTimeStr, h.userName,
      two((Number(h.discountLastMoney ?? 0) || 0) + (Number(h.otherMoney ?? 0) || 0) - (Number(h.deposit ?? 0) || 0)), two(h.needDebt), two(h.finishDebt), two(h.debt), h.remark,
    ]);
    const detailHead = [party, '单据编号', '单据日期', '仓库名称', '条码', '名称', '规格', '型号', '颜色', '品牌', '制造商',
      ...String(q.mpList ?? 'null').split(','), '单位', '序列号', '批号', '有效期', '多属性', '数量', '单价', '金额', '税率(%)', '税额', '价税合计', '重量', '备注'];
    if (bills.length > 0 && detailHead.length < 27) return reply.code(200).send('');
    const byId = new Map(bills.map((h) => [h.id, h]));
    const depots = new Map(tenantRows(request, 'depot').map((d) => [d.id, d.name]));
    const extendsById = new Map((state.tables.materialExtend ?? []).map((e) => [e.id, e]));
    const materials = new Map((state.tables.material ?? []).map((m) => [m.id, m]));
    const detailRows = state.depotItems
      .filter((l) => byId.has(l.headerId) && l.deleteFlag !== '1')
      .sort((a, b) => Number(b.headerId) - Number(a.headerId) || Number(a.id) - Number(b.id))
      .map((l) => {
        const h = byId.get(l.headerId)!;
        const m = materials.get(l.materialId) ?? {};
        const weight = Number(l.basicNumber ?? 0) * (Number(m.weight ?? 0) || 0);
        const row: unknown[] = [
          h.organName, h.number, String(h.operTimeStr ?? ''), l.depotId === null || l.depotId === undefined ? '' : depots.get(l.depotId),
          extendsById.get(l.materialExtendId)?.barCode ?? null, m.name, m.standard, m.model, m.color, m.brand, m.mfrs,
          m.otherField1, m.otherField2, m.otherField3, l.materialUnit, l.snList, l.batchNumber,
          l.expirationDate instanceof Date ? l.expirationDate.toISOString().slice(0, 10) : (l.expirationDate ?? ''), l.sku,
          two(l.operNumber), two(l.unitPrice), two(l.allPrice), two(l.taxRate), two(l.taxMoney), two(l.taxLastMoney), two(weight), l.remark,
        ];
        return [...row, ...Array<string>(Math.max(0, detailHead.length - row.length)).fill('')];
      });
    const sheets: Sheet[] = [{ name: '单据列表', head: listHead, rows: listRows, tip: `${party}对账列表${range}` }];
    if (bills.length > 0) sheets.push({ name: '单据明细', head: detailHead, rows: detailRows, tip: `${party}单据明细${range}` });
    return sendWorkbook(reply, '单据信息', workbookXml(sheets));
  });

  // MaterialController.exportExcel: the product import's layout with the opening stock per depot, as .xls.
  app.get('/material/exportExcel', async (request, reply) => {
    const q = query(request);
    const given = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);
    const auth = authOf(request);
    const sheet = materialExportSheet({ state, tenantId: auth.tenantId }, {
      categoryIds: given(q.categoryId) === undefined ? undefined : categoryWithDescendants({ state, tenantId: auth.tenantId, user: auth.user }, Number(q.categoryId)),
      materialParam: given(q.materialParam), color: given(q.color), materialOther: given(q.materialOther), weight: given(q.weight),
      expiryNum: given(q.expiryNum), enabled: given(q.enabled), enableSerialNumber: given(q.enableSerialNumber),
      enableBatchNumber: given(q.enableBatchNumber), remark: given(q.remark), mpList: q.mpList,
    });
    return sendXls(reply, '商品信息', writeXls([sheet]));
  });
}
