// The body limit a request is held to. BODY_LIMIT_BYTES is the size of a file the backend is asked to take (its
// default matches the backend's 10 MiB file limit, which /systemConfig/fileSizeLimit tells the client), but an upload
// arrives wrapped in multipart framing: boundaries, the part's headers with the file's name, the `biz` field. Without
// a margin a file within a few hundred bytes of the limit passes the client's check and the gateway answers 413, so
// POST /systemConfig/upload gets a fixed allowance for that framing on top (Spring likewise sets max-request-size apart
// from max-file-size).
import { CONTEXT_PATH } from '../../shared/backend.js';

/** Room for the multipart framing around one file: boundaries, headers (a long UTF-8 name included), the biz field. */
export const UPLOAD_FRAMING_BYTES = 64 * 1024;

const UPLOAD_PATH = `${CONTEXT_PATH}/systemConfig/upload`;

/** The most bytes a request's body may have: BODY_LIMIT_BYTES, plus the framing allowance for an upload. */
export function bodyLimitOf(method: string | undefined, url: string | undefined, bodyLimitBytes: number): number {
  if (method !== 'POST' || url === undefined) return bodyLimitBytes;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  // Spring matches a trailing slash too.
  return path === UPLOAD_PATH || path === `${UPLOAD_PATH}/` ? bodyLimitBytes + UPLOAD_FRAMING_BYTES : bodyLimitBytes;
}
