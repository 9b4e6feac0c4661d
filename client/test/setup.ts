// jsdom lacks a few browser APIs antd relies on; Testing Library unmounts after each test; the wire guard.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import backendParams from '../../shared/backend-params.json';
import { indexRoutes, refusalOfCall, type BackendParamTable } from '../../shared/backend-params';
import { setFeedback, type FeedbackApi } from '../lib/feedback';
import { closeSessionCalls } from '../lib/http';
import { mediaQueryList } from './helpers/media-query';

// One wait limit for every file (the files of a worker share Testing Library's config): a whole list page in jsdom
// takes seconds on a loaded two-core machine, and waits end as soon as what they wait for shows.
configure({ asyncUtilTimeout: 10_000 });

// The wire guard: whatever a test stubs `fetch` with, each call the page makes through it is judged against
// jshERP-boot's declared parameters (shared/backend-params.json), and a call the real backend would refuse —
// an unmapped path, another method, a required parameter missing, a value that does not convert — fails the test
// that made it, named. Multipart fields count as parameters, as Spring reads them.
const backend = backendParams as BackendParamTable;
const backendRoutes = indexRoutes(backend);
const refusedCalls: string[] = [];

function judgeCall(input: RequestInfo | URL, init?: RequestInit): void {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, 'http://localhost');
  if (init?.body instanceof FormData) {
    for (const [name, value] of init.body) if (typeof value === 'string') url.searchParams.append(name, value);
  }
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const reason = refusalOfCall(backendRoutes, backend.contextPath, method, `${url.pathname}${url.search}`);
  if (reason) refusedCalls.push(`${method} ${raw}: ${reason}`);
}

const discardAll: ProxyHandler<object> = { get: () => new Proxy(() => undefined, discardAll) };
const discardingFeedback = new Proxy({}, discardAll) as FeedbackApi;

const stubGlobal = vi.stubGlobal.bind(vi);
vi.stubGlobal = ((name: string | symbol | number, value: unknown) => {
  if (name !== 'fetch' || typeof value !== 'function') return stubGlobal(name, value);
  const stub = value as typeof fetch;
  return stubGlobal(name, (input: RequestInfo | URL, init?: RequestInit) => {
    judgeCall(input, init);
    return stub(input, init);
  });
}) as typeof vi.stubGlobal;

// Each file starts with empty storage, as it did with a jsdom of its own. (The body stays: antd keeps the element
// its messages render into, and a test of a later file must still find them there.)
beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
});

// Each test ends as a logout would: the session's calls close, so nothing shared at boot (tenant info, system
// config) carries over into the next test. The files of a worker share their modules (isolate: false in
// vitest.config.ts), so a test's fake clock ends with it too.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // What waits for a feedback host nobody mounted (a login's welcome) is dropped, not shown in the next file's test.
  setFeedback(discardingFeedback);
  setFeedback(null);
  closeSessionCalls();
  const refused = refusedCalls.splice(0);
  if (refused.length > 0) {
    throw new Error(
      `wire guard (client/test/setup.ts): ${refused.length} call(s) jshERP-boot would refuse:\n  ${refused.join('\n  ')}`,
    );
  }
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaQueryList(query);
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
