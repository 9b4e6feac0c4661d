// Financial list views, keyed by the menu's component path.
import type { ViewLoaders } from '../../lib/view-types';

export const views: ViewLoaders = {
  '/financial/MoneyInList': () => import('./money-in-list'),
  '/financial/MoneyOutList': () => import('./money-out-list'),
  '/financial/ItemInList': () => import('./item-in-list'),
  '/financial/ItemOutList': () => import('./item-out-list'),
  '/financial/GiroList': () => import('./giro-list'),
  '/financial/AdvanceInList': () => import('./advance-in-list'),
};
