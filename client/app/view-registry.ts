// The view registry: menu `component` path → lazily loaded view (one chunk per view).
// Each feature that provides views exports `views` from its own views.ts; add ONE import line and ONE
// spread below per feature. Keys are the menu's component paths, e.g. '/bill/PurchaseInList', '/system/RoleList'.
import { normalizeComponent } from '../lib/menu';
import type { ViewLoader, ViewLoaders } from '../lib/view-types';
import { views as dashboardViews } from '../features/dashboard/views';
import { views as exceptionViews } from '../features/exceptions/views';
import { views as billViews } from '../features/bills/views';
import { views as financialViews } from '../features/financial/views';
import { views as materialViews } from '../features/materials/views';
import { views as reportViews } from '../features/reports/views';
import { views as systemViews } from '../features/system/views';

export const viewRegistry: ViewLoaders = {
  ...dashboardViews,
  ...exceptionViews,
  ...billViews,
  ...financialViews,
  ...materialViews,
  ...reportViews,
  ...systemViews,
};

export function findView(component: string): ViewLoader | undefined {
  return viewRegistry[normalizeComponent(component)];
}
