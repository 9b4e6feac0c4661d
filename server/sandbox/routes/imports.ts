// The Excel imports (multipart `file`, an .xls): SupplierController's importVendor / importCustomer / importMember,
// MaterialController.importExcel and DepotItemController.importItemExcel (the bill form's 导入明细, `prefixNo` as a
// query or form field). Each answers in its controller's envelope; the rules are in ../excel-import.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ImportFailure,
  ImportRefusal,
  importMaterials,
  importPartners,
  itemsFromExcel,
  type PartnerKind,
} from '../excel-import.js';
import type { SandboxState } from '../store.js';
import { sendJackson } from '../wire.js';
import { readXlsOffThread, type JxlSheet } from '../xls.js';
import { writerOf, type Writer } from '../writes.js';
import { UPLOAD_MAX_BYTES, multipartParts } from './uploads.js';

export interface ImportRoutesOptions {
  state: SandboxState;
}

const IMPORT_BODY = Symbol('import body');
type Part = ReturnType<typeof multipartParts>[number];
type ImportBody = { [IMPORT_BODY]: Part[] };

/** The FILE_EXTENSION_ERROR (701) check; the supplier and product imports take the text after the last dot, the
 *  bill lines' after the first (so `a.b.xls` is refused there). A part without a file name is not checked. */
function extensionRefused(filename: string | undefined, from: 'last' | 'first'): boolean {
  if (!filename) return false;
  const dot = from === 'last' ? filename.lastIndexOf('.') : filename.indexOf('.');
  return filename.slice(dot + 1) !== 'xls';
}

const EXTENSION_REFUSED = new ImportRefusal(701, '文件扩展名必须为xls');

export async function importRoutes(app: FastifyInstance, { state }: ImportRoutesOptions): Promise<void> {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024 },
    (request, body, done) => {
      done(null, {
        [IMPORT_BODY]: multipartParts(body as Buffer, String(request.headers['content-type'] ?? '')),
      } satisfies ImportBody);
    },
  );
  const partsOf = (request: FastifyRequest): Part[] =>
    (request.body as Partial<ImportBody> | undefined)?.[IMPORT_BODY] ?? [];
  /**
   * The MultipartFile `file` (null when absent: the method then fails on it), read as the sheet jxl opens: in a worker
   * within a time and memory budget (xls.ts), so no workbook holds the event loop.
   */
  const upload = (request: FastifyRequest, from: 'last' | 'first'): (() => Promise<JxlSheet>) => {
    const file = partsOf(request).find((p) => p.name === 'file' && p.filename !== undefined);
    if (!file) throw new ImportFailure('file is null');
    if (extensionRefused(file.filename, from)) throw EXTENSION_REFUSED;
    return () => readXlsOffThread(file.data);
  };

  // SupplierController: 导入成功, a BusinessRunTimeException's code and message, or 导入失败.
  const partnerImport = (kind: PartnerKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const w = writerOf(state, request);
      await importPartners(w, kind, await upload(request, 'last')());
      return sendJackson(reply, { code: 200, data: '导入成功' });
    } catch (error) {
      return failed(request, reply, error, (e) => ({ code: e.code, data: e.reason }), {
        code: 500,
        data: '导入失败',
      });
    }
  };
  app.post('/supplier/importVendor', partnerImport('供应商'));
  app.post('/supplier/importCustomer', partnerImport('客户'));
  app.post('/supplier/importMember', partnerImport('会员'));

  // MaterialService.importExcel answers the same way.
  app.post('/material/importExcel', async (request, reply) => {
    try {
      const w = writerOf(state, request);
      await importMaterials(w, await upload(request, 'last')());
      return sendJackson(reply, { code: 200, data: '导入成功' });
    } catch (error) {
      return failed(request, reply, error, (e) => ({ code: e.code, data: e.reason }), { code: 500, data: '导入失败' });
    }
  });

  // The bill lines: {rows} to fill the form, or code 500 with {message}.
  app.post('/depotItem/importItemExcel', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const field = partsOf(request).find((p) => p.name === 'prefixNo' && p.filename === undefined);
    const prefixNo = typeof query.prefixNo === 'string' ? query.prefixNo : field?.data.toString('utf8');
    try {
      const w: Writer = writerOf(state, request);
      const rows = await itemsFromExcel(w, await upload(request, 'first')(), prefixNo);
      return sendJackson(reply, { code: 200, data: { rows } });
    } catch (error) {
      return failed(request, reply, error, (e) => ({ code: 500, data: { message: e.reason } }), {
        code: 500,
        data: { message: '导入失败，请检查表格内容' },
      });
    }
  });
}

/** A refusal in the controller's shape; anything else (a file jxl cannot read, a bad number) is its generic failure. */
function failed(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  refusal: (e: ImportRefusal) => unknown,
  failure: unknown,
): FastifyReply {
  if (error instanceof ImportRefusal) return sendJackson(reply, refusal(error));
  if (!(error instanceof ImportFailure)) request.log.debug({ err: error }, 'sandbox import failed');
  return sendJackson(reply, failure);
}
