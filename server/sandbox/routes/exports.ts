// The 导出 downloads the table pages offer. The real backend writes binary .xls with jxl; the sandbox writes the
// same sheet (title, tip, header, rows) as an Excel 2003 XML workbook, which Excel and LibreOffice open as .xls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { jsonBody } from '../body.js';
import type { Row, SandboxState } from '../state.js';
import { UnknownException, idList } from '../wire.js';
import { materialViews } from '../materials.js';
import { parseSearch } from './lists.js';

export interface ExportRoutesOptions {
  state: SandboxState;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** One worksheet: optional title and tip lines, the header, then the rows (numbers stay numbers). */
export function spreadsheetXml(sheet: string, head: string[], rows: unknown[][], title?: string, tip?: string): string {
  const cell = (v: unknown): string =>
    typeof v === 'number' && Number.isFinite(v)
      ? `<Cell><Data ss:Type="Number">${v}</Data></Cell>`
      : `<Cell><Data ss:Type="String">${escapeXml(v === null || v === undefined ? '' : String(v))}</Data></Cell>`;
  const line = (values: unknown[]): string => `<Row>${values.map(cell).join('')}</Row>`;
  const lines = [
    ...(title ? [line([title])] : []),
    ...(tip ? [line([tip])] : []),
    line(head),
    ...rows.map(line),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>\n' +
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">' +
    `<Worksheet ss:Name="${escapeXml(sheet.slice(0, 31) || 'Sheet1')}"><Table>${lines.join('')}</Table></Worksheet></Workbook>\n`
  );
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

  app.get('/supplier/exportExcel', async (request, reply) => {
    const q = query(request);
    const type = q.type || '供应商';
    let rows = tenantRows(request, 'supplier').filter((s) => s.type === type);
    if (q.supplier) rows = rows.filter((s) => String(s.supplier).includes(q.supplier as string));
    if (q.telephone) rows = rows.filter((s) => String(s.telephone ?? '').includes(q.telephone as string));
    if (q.phonenum) rows = rows.filter((s) => String(s.phoneNum ?? '').includes(q.phonenum as string));
    rows = selected(rows, q.selections);
    const head = ['名称', '联系人', '手机号码', '联系电话', '电子邮箱', '传真', '期初应收', '期初应付', '纳税人识别号', '税率(%)', '开户行', '账号', '地址', '备注', '排序', '状态'];
    const data = rows.map((s) => [
      s.supplier, s.contacts, s.telephone, s.phoneNum, s.email, s.fax, s.beginNeedGet, s.beginNeedPay, s.taxNum, s.taxRate,
      s.bankName, s.accountNumber, s.address, s.description, s.sort, s.enabled ? '启用' : '禁用',
    ]);
    return sendWorkbook(reply, `${type}信息`, spreadsheetXml(`${type}信息`, head, data));
  });

  app.get('/material/exportExcel', async (request, reply) => {
    const q = query(request);
    let rows = materialViews({ state, tenantId: authOf(request).tenantId });
    if (q.materialParam) {
      const needle = q.materialParam.toLowerCase();
      rows = rows.filter((m) => ['mBarCode', 'name', 'standard', 'model', 'color', 'brand', 'mfrs'].some((f) => String(m[f] ?? '').toLowerCase().includes(needle)));
    }
    if (q.categoryId) rows = rows.filter((m) => String(m.categoryId) === q.categoryId);
    rows = selected(rows, q.selections);
    const head = ['条码', '名称', '规格', '型号', '颜色', '品牌', '制造商', '类别', '单位', '库存', '零售价', '最低售价', '采购价', '销售价', '备注', '状态'];
    const data = rows.map((m) => [
      m.mBarCode, m.name, m.standard, m.model, m.color, m.brand, m.mfrs, m.categoryName, m.unit, m.stock, m.commodityDecimal,
      m.lowDecimal, m.purchaseDecimal, m.wholesaleDecimal, m.remark, m.enabled ? '启用' : '禁用',
    ]);
    return sendWorkbook(reply, '商品信息', spreadsheetXml('商品信息', head, data));
  });
}
