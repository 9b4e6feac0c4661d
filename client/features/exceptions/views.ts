// Views this feature provides to the menu registry (app/view-registry.ts), keyed by menu component path.
import type { ViewLoaders } from '../../lib/view-types';

export const views: ViewLoaders = {
  '/exception/403': () => import('./components/exception-403'),
  '/exception/404': () => import('./components/exception-404'),
  '/exception/500': () => import('./components/exception-500'),
};
