// Report views, keyed by the menu's component path.
import type { ViewLoaders } from '../../lib/view-types';

export const views: ViewLoaders = {
  '/report/AccountReport': () => import('./account-report'),
  '/report/AllocationDetail': () => import('./allocation-detail'),
  '/report/BuyInReport': () => import('./buy-in-report'),
  '/report/SaleOutReport': () => import('./sale-out-report'),
  '/report/RetailOutReport': () => import('./retail-out-report'),
  '/report/CustomerAccount': () => import('./customer-account'),
  '/report/VendorAccount': () => import('./vendor-account'),
  '/report/InDetail': () => import('./in-detail'),
  '/report/OutDetail': () => import('./out-detail'),
  '/report/InMaterialCount': () => import('./in-material-count'),
  '/report/OutMaterialCount': () => import('./out-material-count'),
  '/report/InOutStockReport': () => import('./in-out-stock-report'),
  '/report/MaterialStock': () => import('./material-stock'),
  '/report/StockWarningReport': () => import('./stock-warning-report'),
};
