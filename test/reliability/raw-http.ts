// Raw HTTP over net sockets for the hostile-input suite: fetch would normalise exactly the paths and headers the
// suite needs to send as they are.
import { connect } from 'node:net';

export interface RawAnswer {
  /** null when the server closed or held the connection without an HTTP answer. */
  status: number | null;
  headers: Record<string, string>;
  body: Buffer;
  /** Bytes after the response head when the server switched protocols (websocket frames). */
  raw: Buffer;
  closedByServer: boolean;
}

/** Sends bytes, reads until the server closes or `timeoutMs` passes, parses the first response. */
export function exchange(
  port: number,
  request: Buffer | string,
  timeoutMs = 2_000,
  onData?: (all: Buffer, write: (b: Buffer) => void, finish: () => void) => void,
  /** Another loopback source address (127.0.0.2, …) to be another client. */
  localAddress?: string,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks), closedByServer));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      onData?.(Buffer.concat(chunks), (b) => socket.write(b), finish);
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset or a broken pipe is the server closing too: on Node 26 a write still in flight when the gateway
      // destroys the socket (an oversized websocket frame) ends in ECONNRESET before any 'end'.
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') closedByServer = true;
      finish();
    });
    socket.write(request);
  });
}

function parse(all: Buffer, closedByServer: boolean): RawAnswer {
  const headEnd = all.indexOf('\r\n\r\n');
  if (headEnd === -1) return { status: null, headers: {}, body: Buffer.alloc(0), raw: all, closedByServer };
  const head = all.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '');
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = all.subarray(headEnd + 4);
  let body = rest;
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(rest);
  else if (headers['content-length'] !== undefined) body = rest.subarray(0, Number(headers['content-length']));
  return { status: status ? Number(status[1]) : null, headers, body, raw: rest, closedByServer };
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** Seeded PRNG (mulberry32): the same seed generates the same requests, so a failure reproduces. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** A client→server websocket frame; `mask` false makes it a protocol violation. */
export function frame(
  opcode: number,
  payload: Buffer,
  options: { fin?: boolean; mask?: boolean; rsv?: number; declaredLength?: bigint } = {},
): Buffer {
  const fin = options.fin ?? true;
  const mask = options.mask ?? true;
  const first = (fin ? 0x80 : 0) | ((options.rsv ?? 0) << 4) | opcode;
  const length = options.declaredLength ?? BigInt(payload.length);
  let header: Buffer;
  if (length < 126n) header = Buffer.from([first, (mask ? 0x80 : 0) | Number(length)]);
  else if (length < 65536n) {
    header = Buffer.alloc(4);
    header[0] = first;
    header[1] = (mask ? 0x80 : 0) | 126;
    header.writeUInt16BE(Number(length), 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (mask ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(length, 2);
  }
  if (!mask) return Buffer.concat([header, payload]);
  const key = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const masked = Buffer.from(payload.map((b, i) => b ^ key[i % 4]!));
  return Buffer.concat([header, key, masked]);
}

/** Server→client frames (unmasked) found in `data`. */
export function readFrames(data: Buffer): { opcode: number; payload: Buffer }[] {
  const frames: { opcode: number; payload: Buffer }[] = [];
  let at = 0;
  while (at + 2 <= data.length) {
    const opcode = data[at]! & 0x0f;
    let length = data[at + 1]! & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      if (offset + 2 > data.length) break;
      length = data.readUInt16BE(offset);
      offset += 2;
    } else if (length === 127) {
      if (offset + 8 > data.length) break;
      length = Number(data.readBigUInt64BE(offset));
      offset += 8;
    }
    if (offset + length > data.length) break;
    frames.push({ opcode, payload: data.subarray(offset, offset + length) });
    at = offset + length;
  }
  return frames;
}
