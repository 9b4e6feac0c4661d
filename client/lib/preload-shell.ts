// The code the shell shows after a login (antd's providers, the main layout, the view host, the landing view) is
// fetched ahead: when the password field gets focus, when the login is sent, or while a stored session boots. The
// route's lazy imports then find their modules loaded, so no chain of chunk requests follows the login call.
// The router registers the loaders (this module must not import app code: the login page uses it).
type Loader = () => Promise<unknown>;

function preloadGroup() {
  const loaders: Loader[] = [];
  let loading: Promise<void> | undefined;
  const start = () => {
    loading ??= Promise.all(loaders.map((load) => load().catch(() => undefined))).then(() => undefined);
    return loading;
  };
  return {
    register: (...more: Loader[]) => void loaders.push(...more),
    /**
     * Starts every registered load once; resolves when all have settled. A failure is left to the route that needs
     * the module (it offers a reload).
     */
    start,
  };
}

const shell = preloadGroup();
/** The list pages' shared code (the table page): a deep link other than home almost always opens a list page. */
const listPages = preloadGroup();

export const registerShellPreload = shell.register;
export const preloadShell = shell.start;
export const registerListPagePreload = listPages.register;
export const preloadListPages = listPages.start;

const sessionStartCalls: Array<() => void> = [];

/**
 * Calls a session's first page will make, started when the session's calls open (a login's answer, a stored session
 * booting) instead of after the menu, the layout and the page have rendered. Registered by the app.
 */
export function registerSessionStartCalls(start: () => void): () => void {
  sessionStartCalls.push(start);
  return () => {
    const at = sessionStartCalls.indexOf(start);
    if (at >= 0) sessionStartCalls.splice(at, 1);
  };
}

export function startSessionCalls(): void {
  for (const start of sessionStartCalls) {
    // A failure to start is left to the page, which asks again itself.
    try {
      start();
    } catch {
      // nothing
    }
  }
}
