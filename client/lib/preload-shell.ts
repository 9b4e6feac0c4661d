// The code the shell shows after a login (antd's providers, the main layout, the view host, the landing view) is
// fetched ahead: when the password field gets focus, when the login is sent, or while a stored session boots. The
// route's lazy imports then find their modules loaded, so no chain of chunk requests follows the login call.
// The router registers the loaders (this module must not import app code: the login page uses it).
type Loader = () => Promise<unknown>;

const loaders: Loader[] = [];
let started = false;

export function registerShellPreload(...more: Loader[]): void {
  loaders.push(...more);
}

/** Starts every registered load once; a failure is left to the route that needs the module (it offers a reload). */
export function preloadShell(): void {
  if (started) return;
  started = true;
  for (const load of loaders) load().catch(() => undefined);
}
