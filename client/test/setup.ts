// jsdom lacks a few browser APIs antd relies on; Testing Library unmounts after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { closeSessionCalls } from '../lib/http';

// Each test ends as a logout would: the session's calls close, so nothing shared at boot (tenant info, system
// config) carries over into the next test.
afterEach(() => {
  cleanup();
  closeSessionCalls();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
