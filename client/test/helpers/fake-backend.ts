// A stand-in for fetch in component tests: answers by path (without /jshERP-boot and the query) and records every
// call, so a test can read the query a page really sent.
import { vi } from 'vitest';

export type Answer = unknown | ((url: URL, init: RequestInit | undefined) => unknown);

export interface FakeBackend {
  calls: URL[];
  /** The calls to `path`, newest last. */
  callsTo(path: string): URL[];
}

export function fakeBackend(answers: Record<string, Answer>): FakeBackend {
  const calls: URL[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const path = url.pathname.replace(/^\/jshERP-boot/, '');
    const answer = answers[path];
    // An answer function may return a promise: a call can be held open (a slow backend).
    const body: unknown = await (typeof answer === 'function'
      ? (answer as (u: URL, i?: RequestInit) => unknown)(url, init)
      : answer);
    if (body === undefined) return new Response(JSON.stringify({ code: 200, data: [] }), { status: 200 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, callsTo: (path) => calls.filter((u) => u.pathname.endsWith(path)) };
}
