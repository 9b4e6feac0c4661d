// The browser's next idle moment, for work nobody waits for (the money format, an audio context, a number drawn
// ahead); where there is no idle callback (jsdom, older Safari) the next task.
export function whenIdle(work: () => void, timeoutMs: number): void {
  const onIdle = (globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number })
    .requestIdleCallback;
  if (onIdle) onIdle(work, { timeout: timeoutMs });
  else setTimeout(work, 0);
}
