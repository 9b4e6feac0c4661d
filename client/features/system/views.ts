// System and basic-data views, keyed by the menu's component path.
import type { ViewLoaders } from '../../lib/view-types';

export const views: ViewLoaders = {
  '/system/UserList': () => import('./user-list'),
  '/system/RoleList': () => import('./role-list'),
  '/system/FunctionList': () => import('./function-list'),
  '/system/LogList': () => import('./log-list'),
  '/system/TenantList': () => import('./tenant-list'),
  '/system/PluginList': () => import('./plugin-list'),
  '/system/PlatformConfigList': () => import('./platform-config-list'),
  '/system/SystemConfigList': () => import('./components/system-config-page'),
  '/system/DictList': () => import('./dict-list'),
  '/system/OrganizationList': () => import('./organization-list'),
  '/system/PersonList': () => import('./person-list'),
  '/system/DepotList': () => import('./depot-list'),
  '/system/AccountList': () => import('./account-list'),
  '/system/UnitList': () => import('./unit-list'),
  '/system/CustomerList': () => import('./customer-list'),
  '/system/VendorList': () => import('./vendor-list'),
  '/system/MemberList': () => import('./member-list'),
  '/system/InOutItemList': () => import('./in-out-item-list'),
};
