// Bill list views, keyed by the menu's component path.
import type { ViewLoaders } from '../../lib/view-types';

export const views: ViewLoaders = {
  '/bill/PurchaseApplyList': () => import('./purchase-apply-list'),
  '/bill/PurchaseOrderList': () => import('./purchase-order-list'),
  '/bill/PurchaseInList': () => import('./purchase-in-list'),
  '/bill/PurchaseBackList': () => import('./purchase-back-list'),
  '/bill/SaleOrderList': () => import('./sale-order-list'),
  '/bill/SaleOutList': () => import('./sale-out-list'),
  '/bill/SaleBackList': () => import('./sale-back-list'),
  '/bill/RetailOutList': () => import('./retail-out-list'),
  '/bill/RetailBackList': () => import('./retail-back-list'),
  '/bill/OtherInList': () => import('./other-in-list'),
  '/bill/OtherOutList': () => import('./other-out-list'),
  '/bill/AllocationOutList': () => import('./allocation-out-list'),
  '/bill/AssembleList': () => import('./assemble-list'),
  '/bill/DisassembleList': () => import('./disassemble-list'),
};
