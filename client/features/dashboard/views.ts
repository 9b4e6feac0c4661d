// Views this feature provides to the menu registry (app/view-registry.ts), keyed by menu component path.
import type { ViewLoaders } from '../../lib/view-types';

export const views: ViewLoaders = {
  '/dashboard/Analysis': () => import('./components/analysis-page'),
};
