// The 导出 downloads the table pages offer. The real backend writes binary .xls with jxl; the sandbox writes the
// same sheet (title, tip, header, rows) as an Excel 2003 XML workbook, which Excel and LibreOffice open as .xls.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from './auth-filter.js';
import type { TenantTableName } from './business-rows.js';
import { liveRows, type Row, type SandboxState } from './store.js';
import { idList } from './wire.js';
import { parseSearch } from './list-routes.js';
import { perState } from './per-state.js';

export const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

export interface Sheet {
  name: string;
  head: string[];
  rows: unknown[][];
  title?: string;
  tip?: string;
}

/** Worksheets, each with optional title and tip lines, the header, then the rows (numbers stay numbers). */
export function workbookXml(sheets: Sheet[]): string {
  const cell = (v: unknown): string =>
    typeof v === 'number' && Number.isFinite(v)
      ? `<Cell><Data ss:Type="Number">${v}</Data></Cell>`
      : `<Cell><Data ss:Type="String">${escapeXml(v === null || v === undefined ? '' : String(v))}</Data></Cell>`;
  const line = (values: unknown[]): string => `<Row>${values.map(cell).join('')}</Row>`;
  const worksheet = ({ name, head, rows, title, tip }: Sheet): string => {
    const lines = [
      ...(title ? [line([title])] : []),
      ...(tip !== undefined ? [line([tip])] : []),
      line(head),
      ...rows.map(line),
    ];
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

export function sendXls(reply: FastifyReply, fileName: string, xls: Buffer): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment;filename=${encodeURIComponent(fileName)}.xls`)
    .send(xls);
}

export function sendWorkbook(reply: FastifyReply, fileName: string, xml: string): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'application/vnd.ms-excel;charset=UTF-8')
    .header('content-disposition', `attachment;filename=${encodeURIComponent(fileName)}.xls`)
    .send(xml);
}

/** The original sends the filters flat (handleExportXls); a `search` JSON is read too. */
export function query(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    if (typeof v === 'string') out[k] = v.trim();
  return { ...out, ...parseSearch(out.search) };
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeExportKit(state: SandboxState) {
  const tenantRows = (request: FastifyRequest, table: TenantTableName): Row[] => {
    const { tenantId } = authOf(request);
    return liveRows({ state, tenantId }, table);
  };
  const selected = (rows: Row[], selections: string | undefined): Row[] => {
    const ids = selections ? idList(selections) : null;
    return ids && ids.length > 0 ? rows.filter((r) => ids.includes(r.id as number)) : rows;
  };

  return { tenantRows, selected };
}

export const exportKit = perState(makeExportKit);
