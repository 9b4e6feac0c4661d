// 附件 / 图片 uploads (SystemConfigController): POST /systemConfig/upload takes a multipart `file` for the biz
// folders bill, financial and material and answers its stored path `<biz>/<tenant>/<name>_<ms>.<ext>`;
// GET /systemConfig/static/<path> serves it back (open to anyone, as the backend's filter lets it through).
// Files are written to a temp directory of the sandbox's own (removed when it closes); memory keeps only each stored
// path's file, size and type. Their total is capped (SANDBOX_UPLOAD_MAX_BYTES), and each tenant's share of it
// (SANDBOX_UPLOAD_TENANT_MAX_BYTES), since registration is open: an upload beyond either is refused, so one tenant
// cannot fill what every tenant uploads to.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxState } from '../store.js';
import { writerOf } from '../writes.js';
import { sendJackson } from '../wire.js';

export interface UploadRoutesOptions {
  state: SandboxState;
  /** The most bytes all stored files may take together; an upload beyond it is refused. */
  maxTotalBytes: number;
  /** The most bytes one tenant's stored files may take; an upload beyond it is refused. */
  maxTenantBytes: number;
}

/** SANDBOX_UPLOAD_MAX_BYTES's default. */
export const UPLOAD_TOTAL_DEFAULT_BYTES = 256 * 1024 * 1024;
/** SANDBOX_UPLOAD_TENANT_MAX_BYTES's default. */
export const UPLOAD_TENANT_DEFAULT_BYTES = 32 * 1024 * 1024;

/** The backend's multipart limit (spring.servlet.multipart.max-file-size), as /systemConfig/fileSizeLimit tells. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const BIZ_FOLDERS = new Set(['bill', 'financial', 'material']);
const ALLOWED = new Set([
  'gif',
  'jpg',
  'jpeg',
  'png',
  'pdf',
  'txt',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'rar',
  'mp3',
  'mp4',
  'avi',
]);
const TYPES: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

/** Where a stored path's bytes are on disk: never the bytes themselves. */
export interface StoredFile {
  file: string;
  size: number;
  type: string;
}
const filesOf = new WeakMap<SandboxState, ReadonlyMap<string, StoredFile>>();

/** Tests only: the stored paths and where their bytes are. */
export function storedUploadsOf(state: SandboxState): ReadonlyMap<string, StoredFile> {
  return filesOf.get(state) ?? new Map();
}

/**
 * The original name as stored: folders and ".." cut off; `=` `,` `&` dropped as the backend's FileUtils.getFileName
 * does (a comma would split a bill's comma-joined fileName). The backend keeps the rest as sent, so a name with `;` `%`
 * `#` `?` or a control character is stored but can never be fetched back by its URL; the sandbox replaces those (and
 * quotes, spaces stay) with `_` instead, so every stored path round-trips through the client's URL encoding.
 */
export function storedName(filename: string): string {
  return (
    filename
      .split(/[\\/]/)
      .pop()!
      .replace(/\.\./g, '')
      .replace(/[=,&]/g, '')
      // eslint-disable-next-line no-control-regex -- control characters are what is being replaced
      .replace(/[;%#?"\u0000-\u001f\u007f]/g, '_')
  );
}

interface Part {
  name: string;
  filename?: string;
  data: Buffer;
}
const MULTIPART = Symbol('multipart body');
type MultipartBody = { [MULTIPART]: Part[] };

/** The parts of a multipart/form-data body; [] when it cannot be read. */
export function multipartParts(body: Buffer, contentType: string): Part[] {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(delimiter, start);
    if (headerEnd < 0 || next < 0 || headerEnd > next) break;
    const headers = body.subarray(start, headerEnd).toString('utf8');
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    // The part's data ends before the CRLF that precedes the next delimiter.
    if (name !== undefined)
      parts.push({ name, filename, data: body.subarray(headerEnd + 4, Math.max(headerEnd + 4, next - 2)) });
    at = next;
  }
  return parts;
}

export async function uploadRoutes(
  app: FastifyInstance,
  { state, maxTotalBytes, maxTenantBytes }: UploadRoutesOptions,
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'jsh-sandbox-uploads-'));
  app.addHook('onClose', async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const files = new Map<string, StoredFile>();
  filesOf.set(state, files);
  let totalBytes = 0;
  /** Stored bytes by tenant. */
  const tenantBytes = new Map<number, number>();
  const count = (tenant: number, bytes: number): void => {
    totalBytes += bytes;
    tenantBytes.set(tenant, (tenantBytes.get(tenant) ?? 0) + bytes);
  };
  let written = 0;

  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024 },
    (request, body, done) => {
      done(null, {
        [MULTIPART]: multipartParts(body as Buffer, String(request.headers['content-type'] ?? '')),
      } satisfies MultipartBody);
    },
  );

  app.post('/systemConfig/upload', async (request: FastifyRequest, reply) => {
    const parts = (request.body as Partial<MultipartBody> | undefined)?.[MULTIPART] ?? [];
    const query = request.query as Record<string, unknown>;
    const biz =
      typeof query.biz === 'string'
        ? query.biz
        : parts.find((p) => p.name === 'biz' && p.filename === undefined)?.data.toString('utf8');
    if (!biz || !BIZ_FOLDERS.has(biz)) return sendJackson(reply, { code: 505, data: '文件分类错误！' });
    const file = parts.find((p) => p.name === 'file' && p.filename !== undefined);
    // The original name made safe (storedName), then _<ms> before the extension.
    const original = storedName(file?.filename ?? '');
    const dot = original.lastIndexOf('.');
    const ext = dot >= 0 ? original.slice(dot + 1).toLowerCase() : '';
    if (!file || file.data.length === 0 || file.data.length > UPLOAD_MAX_BYTES || !ALLOWED.has(ext)) {
      return sendJackson(reply, { code: 500, data: '上传失败！' });
    }
    const size = file.data.length;
    if (totalBytes + size > maxTotalBytes) {
      request.log.warn(
        { bytes: size, storedBytes: totalBytes, maxTotalBytes },
        'sandbox upload refused: the stored files would exceed SANDBOX_UPLOAD_MAX_BYTES',
      );
      return sendJackson(reply, { code: 500, data: '上传失败！' });
    }
    const tenant = writerOf(state, request).tenantId;
    const tenantStored = tenantBytes.get(tenant) ?? 0;
    if (tenantStored + size > maxTenantBytes) {
      request.log.warn(
        { bytes: size, tenantStoredBytes: tenantStored, maxTenantBytes },
        "sandbox upload refused: the tenant's stored files would exceed SANDBOX_UPLOAD_TENANT_MAX_BYTES",
      );
      return sendJackson(reply, { code: 500, data: '上传失败！' });
    }
    const path = `${biz}/${tenant}/${original.slice(0, dot)}_${state.clock.ms()}.${ext}`;
    // Counted before the write, so concurrent uploads cannot pass the caps together.
    count(tenant, size);
    const onDisk = join(dir, `${++written}.bin`);
    try {
      await writeFile(onDisk, file.data);
    } catch (err) {
      count(tenant, -size);
      request.log.warn({ err }, 'sandbox upload could not be written');
      return sendJackson(reply, { code: 500, data: '上传失败！' });
    }
    // A path uploaded twice in one millisecond replaces the first file.
    const previous = files.get(path);
    if (previous) {
      count(tenant, -previous.size);
      await rm(previous.file, { force: true });
    }
    files.set(path, { file: onDisk, size, type: TYPES[ext] ?? 'application/octet-stream' });
    return sendJackson(reply, { code: 200, data: path });
  });

  app.get('/systemConfig/static/*', async (request, reply) => {
    const wanted = (request.params as { '*': string })['*'].replace(/\.\./g, '').replace(/,$/, '');
    const found = files.get(wanted);
    if (!found) return reply.code(404).send('');
    return reply.type(found.type).send(await readFile(found.file));
  });
}
