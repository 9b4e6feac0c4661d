// A read sent with a write (lib/read-after-write): ordered by the gateway when it can be, asked again after the
// write when it cannot, and never sent again for a session that ended.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSessionCalls, http } from '../../lib/http';
import { newWriteId, ORDERED_READ_GRACE_MS, readAfterWrite } from '../../lib/read-after-write';
import { signIn } from '../helpers/session';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function recordFetch(answer: (headers: Headers) => Response | Promise<Response>) {
  const sent: Array<{ headers: Headers; at: number; signal: AbortSignal | undefined }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({ headers, at: performance.now(), signal: init?.signal ?? undefined });
      const aborted = new Promise<never>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
      return Promise.race([answer(headers), aborted]);
    }),
  );
  return sent;
}

const list = (ordered: { headers: Record<string, string>; silent: true } | undefined, signal: AbortSignal) =>
  http.get('/depotHead/list', {}, { ...ordered, signal });

describe('a read after a write', () => {
  it('names its write; the gateway orders it and one call is all', async () => {
    signIn();
    const sent = recordFetch(() => json({ code: 200, data: { rows: [] } }));
    const id = newWriteId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(newWriteId()).not.toBe(id);
    const answer = await readAfterWrite(id, Promise.resolve(), list, new AbortController().signal);
    expect(answer).toEqual({ code: 200, data: { rows: [] } });
    expect(sent.map((s) => s.headers.get('x-after-write'))).toEqual([id]);
  });

  it('refused by the gateway (it never saw the write): asked again, plainly, once the write has answered', async () => {
    signIn();
    const sent = recordFetch((headers) =>
      headers.get('x-after-write')
        ? json({ code: 409, data: { message: '所等待的写入未到达网关' }, requestId: '1' }, 409)
        : json({ code: 200, data: { rows: [{ number: 'CGRK001' }] } }),
    );
    let answerWrite: () => void = () => {};
    const written = new Promise<void>((resolve) => (answerWrite = resolve));
    const reading = readAfterWrite('0123456789abcdef01234567', written, list, new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent, 'nothing asked again before the write has answered').toHaveLength(1);
    const writtenAt = performance.now();
    answerWrite();
    await expect(reading).resolves.toEqual({ code: 200, data: { rows: [{ number: 'CGRK001' }] } });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('x-after-write')).toBeNull();
    expect(sent[1]!.at).toBeGreaterThanOrEqual(writtenAt);
    expect(document.querySelector('.ant-notification'), 'the refusal is not shown').toBeNull();
  });

  it('held past its grace after the write answered (a replica that never saw it): asked again, the first answer taken', async () => {
    signIn();
    const sent = recordFetch((headers) =>
      headers.get('x-after-write') ? new Promise<Response>(() => {}) : json({ code: 200, data: { rows: [] } }),
    );
    const writtenAt = performance.now();
    const answer = await readAfterWrite(
      '0123456789abcdef01234567',
      Promise.resolve(),
      list,
      new AbortController().signal,
    );
    expect(answer).toEqual({ code: 200, data: { rows: [] } });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.at - writtenAt).toBeGreaterThanOrEqual(ORDERED_READ_GRACE_MS - 5);
    expect(sent[0]!.signal?.aborted, 'the held read is let go').toBe(true);
  });

  it('not asked again when the session ended meanwhile', async () => {
    signIn();
    const sent = recordFetch(() => new Promise<Response>(() => {}));
    const reading = readAfterWrite('0123456789abcdef01234567', Promise.resolve(), list, new AbortController().signal);
    closeSessionCalls();
    await expect(reading).rejects.toMatchObject({ kind: 'dropped' });
    expect(sent).toHaveLength(1);
  });
});
