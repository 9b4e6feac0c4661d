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
import { entryMessages } from './zh-CN/entry.js';
import { webMessages } from './zh-CN/web.js';
import { importsMessages } from './zh-CN/imports.js';
import { billStatusMessages } from './zh-CN/bill-status.js';
import { orderActionsMessages } from './zh-CN/order-actions.js';
import { billPickersMessages } from './zh-CN/bill-pickers.js';
import { materialStockMessages } from './zh-CN/material-stock.js';
import { printMessages } from './zh-CN/print.js';
import { draftMessages } from './zh-CN/drafts.js';

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
  ...entryMessages,
  ...webMessages,
  ...importsMessages,
  ...billStatusMessages,
  ...orderActionsMessages,
  ...billPickersMessages,
  ...materialStockMessages,
  ...printMessages,
  ...draftMessages,
} as const;

export type MessageKey = keyof typeof zhCN;
export type Dictionary = { readonly [K in MessageKey]: string };
