// Material views, keyed by the menu's component path.
import type { ViewLoaders } from '../../lib/view-types';

export const views: ViewLoaders = {
  '/material/MaterialList': () => import('./material-list'),
  '/material/MaterialCategoryList': () => import('./material-category-list'),
  '/material/MaterialPropertyList': () => import('./material-property-list'),
  '/material/MaterialAttributeList': () => import('./material-attribute-list'),
};
