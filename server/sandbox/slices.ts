// Long sandbox work (a 60,000-row import) in slices: the sandbox shares its event loop with the gateway, so work that
// ran whole held every tenant's requests and the gateway's own /healthz until it ended. Between slices the loop
// serves everything else; a slice ends once it has run SLICE_MS.
const SLICE_MS = 10;

export interface Slices {
  /** Whether the current slice has run its time. */
  due(): boolean;
  /** Lets the event loop run, then starts the next slice. */
  next(): Promise<void>;
}

export function slices(sliceMs = SLICE_MS): Slices {
  let started = performance.now();
  return {
    due: () => performance.now() - started >= sliceMs,
    next: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    },
  };
}
