// The default language, zh-CN: the union of per-area parts (one file each under zh-CN/, owned by the area's
// engineer, so nobody edits a shared dictionary). Its keys are the typed key set of t('…'); other languages
// are complete Dictionary records over the same keys, lazy-loaded (see i18n.ts). Placeholders are written {name}.
// To add an area: create zh-CN/<area>.ts exporting `<area>Messages = {...} as const`, then add one import and one spread.
import { shellMessages } from './zh-CN/shell.js';
import { featuresMessages } from './zh-CN/features.js';
import { tablesMessages } from './zh-CN/tables.js';
import { formsMessages } from './zh-CN/forms.js';
import { sysActionMessages } from './zh-CN/sys-actions.js';
import { dashboardMessages } from './zh-CN/dashboard.js';
import { sysadminMessages } from './zh-CN/sysadmin.js';
import { financeMessages } from './zh-CN/finance.js';
import { billMessages } from './zh-CN/bill.js';
import { productMessages } from './zh-CN/product.js';
import { sysconfigMessages } from './zh-CN/sysconfig.js';
import { billflowMessages } from './zh-CN/billflow.js';
import { billLinksMessages } from './zh-CN/billlinks.js';
import { billPolishMessages } from './zh-CN/billpolish.js';
import { entryMessages } from './zh-CN/entry.js';
import { gridPrintMessages } from './zh-CN/gridprint.js';
import { webMessages } from './zh-CN/web.js';
import { importsMessages } from './zh-CN/imports.js';
import { billExtrasMessages } from './zh-CN/billextras.js';

export const zhCN = {
  ...shellMessages,
  ...featuresMessages,
  ...tablesMessages,
  ...formsMessages,
  ...sysActionMessages,
  ...dashboardMessages,
  ...sysadminMessages,
  ...financeMessages,
  ...billMessages,
  ...productMessages,
  ...sysconfigMessages,
  ...billflowMessages,
  ...billLinksMessages,
  ...billPolishMessages,
  ...entryMessages,
  ...gridPrintMessages,
  ...webMessages,
  ...importsMessages,
  ...billExtrasMessages,
} as const;

export type MessageKey = keyof typeof zhCN;
export type Dictionary = { readonly [K in MessageKey]: string };
