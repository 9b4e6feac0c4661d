// Catalogue of the list endpoints the sandbox answers: one entry per endpoint, naming the client views that call it.
//
// Two kinds:
// - `table` lists (JeecgListMixin default): GET `<path>?search=<JSON>&currentPage=&pageSize=` → TableDataInfo
//   `{code:200,data:{rows,total}}`, PageHelper paging with `reasonable` clamping. `search` is read like
//   StringUtil.getInfo (literal `{}` removed, values trimmed, "" = absent); the keys honoured are in `search`.
// - `report` lists (report views override getQueryParams): flat query params (beginTime, endTime, materialParam…,
//   currentPage, pageSize); `data` is `{rows, total, …totals}` with the extra totals the view reads; paging is a plain
//   offset without clamping (the controllers page by hand).
//
// Bill views share GET /depotHead/list and tell their kind by `search.type`/`search.subType`; financial views share
// GET /accountHead/list by `search.type`. Supplier, customer and member views share GET /supplier/list by `search.type`.
//
// Beside the lists, a page may also call (see routes/): `/{res}/delete?id=`, `/{res}/deleteBatch?ids=1,2,`,
// `POST /{res}/batchSetStatus {status, ids}`, `/{res}/info?id=`, `/{res}/checkIsNameExist?id=&name=` for the business
// tables (resource-actions.ts); the select sources `POST /supplier/findBySelect_sup|_cus|_retail|_organ`,
// `GET /depot/findDepotByCurrentUser`, `GET /user/getUserList`, `GET /organization/getOrganizationTree`
// (lookups.ts); and the 导出 downloads `/supplier/exportExcel`, `/material/exportExcel`,
// `POST /systemConfig/exportExcelByParam` (exports.ts). Totals: `/depotItem/getInOutStockCountMoney`,
// `/account/getStatistics` (list-routes.ts). Each controller's file (routes/<controller>.ts) registers its own.
import type { BusinessTableName, MaterialRow, RowOf, SupplierRow } from './business-rows.js';
import type { Row, Scope } from './store.js';
import { liveUsers } from './state.js';
import { roleIdOfUser, isLive } from './store.js';
import { chinaTime, formatDateTime, asDecimal } from './wire.js';
import { bigUnitText, materialView, productIndex } from './materials.js';
import { billHasMaterial, creatorsInScope, manyAccountsText, maskedBillMoney, shownDebt } from './bills.js';
import * as reports from './reports.js';
import { financialView, visibleCreators, withBalance } from './financial.js';
import { dictDataJson, dictTypeJson } from './dict-writes.js';
import { materialPropertyRows } from './material-writes.js';
import { functionJson } from './system-writes.js';
import { roleJson } from './user-writes.js';

/** How one search key filters rows. */
export type SearchFilter =
  | { key: string; op: 'like'; fields: string[] }
  | { key: string; op: 'eq'; field: string }
  | { key: string; op: 'custom'; test: (row: Row, value: string, ctx: Scope) => boolean };

export interface TableListResource {
  kind: 'table';
  /** Path under /jshERP-boot. */
  path: string;
  /** Menu components (jsh_function.component) whose page lists from here, with the search the page sends. */
  usedBy: string[];
  /** Rows before search filtering, already tenant-filtered and in the SQL's order; may throw for the null-list quirk. */
  rows: (ctx: Scope) => Row[];
  search: SearchFilter[];
  /**
   * Fields computed per row (stock, balances) that no search key reads: added to the page's rows only, so a page
   * costs the same whatever the table holds. An ORDER BY may name them, so a sorted list computes them for all rows.
   */
  view?: (ctx: Scope, rows: Row[]) => Row[];
}

export interface ReportListResource {
  kind: 'report';
  path: string;
  usedBy: string[];
  /** Flat query params the real controller requires (missing → global handler 未知异常). */
  required: string[];
  compute: (ctx: Scope, params: Record<string, string | undefined>) => reports.ReportResult;
}

export type ListResource = TableListResource | ReportListResource;

// --- helpers -----------------------------------------------------------------------------------------------------

const like = (key: string, ...fields: string[]): SearchFilter => ({
  key,
  op: 'like',
  fields: fields.length ? fields : [key],
});
const eq = (key: string, field = key): SearchFilter => ({ key, op: 'eq', field });
const custom = (key: string, test: (row: Row, value: string, ctx: Scope) => boolean): SearchFilter => ({
  key,
  op: 'custom',
  test,
});

/** The tenant SQL filter: `tenant_id = <token suffix>` unless super-admin. */
export function byTenant<T extends Row>(ctx: Scope, rows: T[]): T[] {
  if (ctx.tenantId === 0) return rows;
  return rows.filter((r) => r.tenantId === ctx.tenantId);
}

const live = <T extends Row>(rows: T[]): T[] => rows.filter((r) => isLive(r));

type Order = (a: Row, b: Row) => number;
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const bySortThenIdDesc: Order = (a, b) =>
  str(a.sort) < str(b.sort) ? -1 : str(a.sort) > str(b.sort) ? 1 : (b.id as number) - (a.id as number);
const byIdDesc: Order = (a, b) => (b.id as number) - (a.id as number);

const table =
  <K extends BusinessTableName>(name: K, order: (a: RowOf<K>, b: RowOf<K>) => number, tenantFiltered = true) =>
  (ctx: Scope): RowOf<K>[] => {
    const rows = live<RowOf<K>>(ctx.state.tables[name]);
    return (tenantFiltered ? byTenant(ctx, rows) : [...rows]).sort(order);
  };

/** `beginTime`/`endTime` (yyyy-MM-dd) on a Date field: whole days in China time, as Tools.parseDayToTime does. */
const dateFrom = (field: string): SearchFilter =>
  custom('beginTime', (row, value) => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 00:00:00` : value;
    try {
      return (row[field] as Date).getTime() >= chinaTime(day).getTime();
    } catch {
      return false;
    }
  });
const dateTo = (field: string): SearchFilter =>
  custom('endTime', (row, value) => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 23:59:59` : value;
    try {
      return (row[field] as Date).getTime() <= chinaTime(day).getTime();
    } catch {
      return false;
    }
  });
const enabledEq = (key = 'enabled', field = 'enabled'): SearchFilter =>
  custom(key, (row, value) => row[field] === (value === '1' || value === 'true'));
/** `status` / `purchaseStatus` of the link pickers: `1,3` is split and matched as a list. */
const inList = (key: string): SearchFilter =>
  custom(key, (row, value) =>
    value
      .split(',')
      .map((v) => v.trim())
      .includes(String(row[key])),
  );

/**
 * Bills of the creators the caller's role sees (个人数据: its own; 本机构数据: its organisation's), whatever the search
 * says. Amounts are stored signed (money leaving the company negative); the list shows them as absolute values, as
 * DepotHeadService does.
 */
function ownBills(ctx: Scope): Row[] {
  const creators = creatorsInScope(ctx.state, ctx.user);
  const rows = table('depotHead', byIdDesc)(ctx);
  // getFinishDepositByNumberList: the 订金 the bills linking an order already took (its remaining 订金 is
  // |changeAmount| − finishDeposit, what a bill taking it over may still deduct).
  const finishDeposit = new Map<unknown, number>();
  for (const h of rows) {
    if (h.linkNumber === null || h.linkNumber === undefined || h.linkNumber === '') continue;
    finishDeposit.set(h.linkNumber, asDecimal((finishDeposit.get(h.linkNumber) ?? 0) + (Number(h.deposit) || 0)));
  }
  const persons = new Map(byTenant(ctx, live(ctx.state.tables.person ?? [])).map((p) => [String(p.id), p.name]));
  const shown = (r: Row): Row => ({
    ...r,
    totalPrice: r.totalPrice === null || r.totalPrice === undefined ? r.totalPrice : Math.abs(Number(r.totalPrice)),
    changeAmount:
      r.changeAmount === null || r.changeAmount === undefined ? r.changeAmount : Math.abs(Number(r.changeAmount)),
    finishDeposit: finishDeposit.get(r.number) ?? 0,
    // PersonService.getPersonByMapAndIds: each person's name and a space (an unknown id prints "null ").
    salesManStr:
      str(r.salesMan) === ''
        ? null
        : str(r.salesMan)
            .split(',')
            .filter((id) => id.trim() !== '')
            .map((id) => `${String(persons.get(id.trim()) ?? null)} `)
            .join(''),
  });
  return (creators === null ? rows : rows.filter((r) => creators.includes(r.creator as number))).map(shown);
}

/** DepotHeadService.select after its query: 多账户 bills name their accounts, the debt is computed (优惠后金额 + 其它费用
 *  − 订金 − |本次付款|), and a role whose price limit hides the bill's kind sees its money as 0. */
/** DepotHeadVo4List columns the backend's list never fills (the sandbox keeps them on a head for other reads). */
const UNLISTED = ['depotName', 'hasFinancialFlag'];

const billView = (ctx: Scope, rows: Row[]): Row[] =>
  rows.map((r) =>
    maskedBillMoney(ctx.state, ctx.user, {
      ...Object.fromEntries(Object.entries(r).filter(([k]) => !UNLISTED.includes(k))),
      // DepotHeadService.select sets these to 0 when the bill has none.
      backAmount: r.backAmount ?? 0,
      deposit: r.deposit ?? 0,
      accountName: manyAccountsText(ctx.state, r) ?? r.accountName,
      debt: shownDebt(r),
    }),
  );

/** roleType '个人数据' limits financial bills to the caller's own (AccountHeadService). */
const roleType = custom('roleType', (row, value, ctx) => value !== '个人数据' || row.creator === ctx.user.id);

const barCodes = new WeakMap<Scope, Map<unknown, string[]>>();
/** Every barcode of each product of the caller, built once per request (the list's 条码 search matches any of them). */
function barCodesByMaterial(ctx: Scope): Map<unknown, string[]> {
  let found = barCodes.get(ctx);
  if (!found) {
    found = new Map(
      [...productIndex(ctx).extendsByMaterial].map(([id, rows]) => [id, rows.map((e) => str(e.barCode))]),
    );
    barCodes.set(ctx, found);
  }
  return found;
}

/** The live detail rows of a financial bill. */
const itemsOf = (ctx: Scope, head: Row): Row[] =>
  (ctx.state.tables.accountItem ?? []).filter((i) => i.headerId === head.id && isLive(i));

/**
 * 期末应收 / 期末应付 of a customer / vendor as SupplierService.select computes them: the 客户对账 / 供应商对账 closing
 * balance from the start of the year until now (opening amount, bills, money received/paid); a disabled partner has 0.
 */
function withNeed(ctx: Scope, partner: Row): Row {
  if (partner.type !== '客户' && partner.type !== '供应商') return partner;
  const now = ctx.state.clock.now();
  const { rows } = reports.statementAccount(ctx, {
    supplierType: partner.type,
    organId: String(partner.id),
    beginTime: `${formatDateTime(now).slice(0, 4)}-01-01`,
    endTime: formatDateTime(now),
  });
  const need = partner.enabled === true ? ((rows[0]?.allNeed as number | undefined) ?? 0) : 0;
  return partner.type === '客户' ? { ...partner, allNeedGet: need } : { ...partner, allNeedPay: need };
}

/**
 * The caller's context seen through the bills and payments of `partners` only: a statement of one of them reads the
 * same there, and a page of partners scans the bill tables once instead of once per partner.
 */
function partnersOnly(ctx: Scope, partners: Row[]): Scope {
  const ids = new Set(partners.map((p) => p.id));
  const { tables } = ctx.state;
  const ofPartners = <T extends Row>(rows: T[]): T[] => rows.filter((r) => ids.has(r.organId));
  const accountHead = ofPartners(tables.accountHead);
  const heads = new Set(accountHead.map((h) => h.id));
  const narrowedTables = {
    ...tables,
    supplier: partners as SupplierRow[],
    depotHead: ofPartners(tables.depotHead),
    accountHead,
    accountItem: (tables.accountItem ?? []).filter((i) => heads.has(i.headerId)),
  };
  return { ...ctx, state: { ...ctx.state, tables: narrowedTables } };
}

// --- rows built from the fixture tables --------------------------------------------------------------------------

function userRows(ctx: Scope): Row[] {
  const { state } = ctx;
  const users = liveUsers(state).filter((u) => ctx.tenantId === 0 || u.tenant_id === ctx.tenantId);
  const rows = users.map((u) => {
    const rel = state.orgaUserRels.find((r) => r.user_id === u.id && isLive(r));
    const org = rel ? state.organizations.find((o) => o.id === rel.orga_id) : undefined;
    const roleId = roleIdOfUser(state, u.id);
    const role = state.roles.find((r) => r.id === roleId);
    return {
      id: u.id,
      username: u.username,
      loginName: u.login_name,
      password: null,
      leaderFlag: u.leader_flag,
      position: u.position,
      department: null,
      email: u.email,
      phonenum: u.phonenum,
      ismanager: null,
      isystem: u.isystem,
      status: u.status,
      description: u.description,
      remark: u.remark,
      weixinOpenId: null,
      tenantId: u.tenant_id,
      deleteFlag: null,
      orgAbr: org?.org_abr ?? null,
      orgaId: rel?.orga_id ?? null,
      userBlngOrgaDsplSeq: rel?.user_blng_orga_dspl_seq ?? null,
      orgaUserRelId: rel?.id ?? null,
      roleId: role ? role.id : null,
      roleName: role ? role.name : null,
      userType: u.id === u.tenant_id ? '租户' : u.tenant_id === null ? '超管' : '普通',
      // UserEx's tenant fields, which selectByConditionUser does not select.
      userNumLimit: null,
      expireTime: null,
      leaderFlagStr: u.leader_flag === '1' ? '是' : '否',
      code: null,
      uuid: null,
    } as Row;
  });
  // ORDER BY user_blng_orga_dspl_seq (a string; NULL first), id desc.
  return rows.sort((a, b) => {
    const sa = a.userBlngOrgaDsplSeq as string | null;
    const sb = b.userBlngOrgaDsplSeq as string | null;
    if (sa !== sb) {
      if (sa === null) return -1;
      if (sb === null) return 1;
      return sa < sb ? -1 : 1;
    }
    return (b.id as number) - (a.id as number);
  });
}

const PRICE_LIMIT_TEXT: Record<string, string> = {
  '1': '屏蔽首页采购价',
  '2': '屏蔽首页零售价',
  '3': '屏蔽首页销售价',
  '4': '屏蔽单据采购价',
  '5': '屏蔽单据零售价',
  '6': '屏蔽单据销售价',
  '7': '屏蔽库存成本价',
};

function roleRows(ctx: Scope): Row[] {
  const roles = ctx.state.roles.filter((r) => isLive(r) && (ctx.tenantId === 0 || r.tenant_id === ctx.tenantId));
  return roles
    .map(
      (r) =>
        ({
          ...roleJson(r),
          priceLimitStr: r.price_limit
            ? r.price_limit
                .split(',')
                .map((d) => PRICE_LIMIT_TEXT[d] ?? d)
                .join(',')
            : null,
        }) as Row,
    )
    .sort(bySortThenIdDesc);
}

function tenantRole(ctx: Scope, tenantId: number): { roleId: number | null; roleName: string | null } {
  const value = ctx.state.userBusiness.find((b) => b.type === 'UserRole' && b.key_id === String(tenantId))?.value;
  const role = ctx.state.roles.find((r) => isLive(r) && value === `[${r.id}]`);
  return { roleId: role?.id ?? null, roleName: role?.name ?? null };
}

function tenantRows(ctx: Scope): Row[] {
  // TenantService.select answers null for anyone but admin; getDataTable then throws → 未知异常.
  if (ctx.user.login_name !== 'admin') throw new reports.NullListError();
  return ctx.state.tenants
    .filter((t) => isLive(t))
    .map(
      (t) =>
        ({
          id: t.id,
          tenantId: t.tenant_id,
          loginName: t.login_name,
          userNumLimit: t.user_num_limit,
          type: t.type,
          enabled: t.enabled === 1,
          createTime: t.create_time,
          expireTime: t.expire_time,
          remark: t.remark,
          deleteFlag: t.delete_flag,
          createTimeStr: formatDateTime(t.create_time),
          expireTimeStr: t.expire_time ? formatDateTime(t.expire_time) : null,
          // The owner's role (UserRole keyed by the tenant id) and the enabled users.
          ...tenantRole(ctx, t.tenant_id),
          userCount: liveUsers(ctx.state).filter((u) => u.tenant_id === t.tenant_id && u.status === 0).length,
        }) as Row,
    )
    .sort(byIdDesc);
}

function functionRows(ctx: Scope): Row[] {
  // FunctionService.select answers null for anyone but admin; getDataTable then throws → 未知异常.
  if (ctx.user.login_name !== 'admin') throw new reports.NullListError();
  // left join jsh_function fb on fa.parent_number = fb.number: the parent's name, deleted or not.
  const names = new Map<string, string>();
  for (const f of ctx.state.functions) if (!names.has(f.number)) names.set(f.number, f.name);
  return ctx.state.functions
    .filter((f) => isLive(f))
    .map((f) => ({ ...functionJson(f), parentName: names.get(f.parent_number) ?? null }) as Row)
    .sort((a, b) => (str(a.sort) < str(b.sort) ? -1 : str(a.sort) > str(b.sort) ? 1 : 0));
}

function platformConfigRows(ctx: Scope): Row[] {
  // PlatformConfigService.select: null for anyone but admin, as above.
  if (ctx.user.login_name !== 'admin') throw new reports.NullListError();
  return ctx.state.platformConfigs.map((p) => ({
    id: p.id,
    platformKey: p.platform_key,
    platformKeyInfo: p.platform_key_info,
    platformValue: p.platform_value,
  }));
}

export function systemConfigJson(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}

function systemConfigRows(ctx: Scope): Row[] {
  return ctx.state.systemConfigs
    .filter((c) => isLive(c) && (ctx.tenantId === 0 || c.tenant_id === ctx.tenantId))
    .map(systemConfigJson);
}

export function msgJson(m: import('./store.js').MsgRow): Row {
  return {
    id: m.id,
    msgTitle: m.msgTitle,
    msgContent: m.msgContent,
    createTime: m.createTime,
    type: m.type,
    userId: m.userId,
    status: m.status,
    tenantId: m.tenantId,
    deleteFlag: m.deleteFlag,
    createTimeStr: m.createTime ? formatDateTime(m.createTime) : null,
  };
}

function msgRows(ctx: Scope): Row[] {
  // Only the caller's own messages; admin (no tenant) always gets nothing.
  if (ctx.user.login_name === 'admin') return [];
  return ctx.state.messages
    .filter((m) => isLive(m) && m.userId === ctx.user.id && (ctx.tenantId === 0 || m.tenantId === ctx.tenantId))
    .sort((a, b) => (b.createTime?.getTime() ?? 0) - (a.createTime?.getTime() ?? 0))
    .map(msgJson);
}

// --- the catalogue -------------------------------------------------------------------------------------------------

const BILL_VIEWS = [
  '/bill/PurchaseApplyList (type 其它, subType 请购单)',
  '/bill/PurchaseOrderList (其它/采购订单)',
  '/bill/PurchaseInList (入库/采购)',
  '/bill/PurchaseBackList (出库/采购退货)',
  '/bill/SaleOrderList (其它/销售订单)',
  '/bill/SaleOutList (出库/销售)',
  '/bill/SaleBackList (入库/销售退货)',
  '/bill/RetailOutList (出库/零售)',
  '/bill/RetailBackList (入库/零售退货)',
  '/bill/OtherInList (入库/其它)',
  '/bill/OtherOutList (出库/其它)',
  '/bill/AllocationOutList (出库/调拨)',
  '/bill/AssembleList (其它/组装单)',
  '/bill/DisassembleList (其它/拆卸单)',
];

export const LIST_RESOURCES: ListResource[] = [
  // Bills of every kind; columns: organName, number, linkNumber, materialsList, operTimeStr, userName, materialCount,
  // totalPrice, discountMoney, discountLastMoney, otherMoney, deposit, changeAmount, debt, accountName, remark, status.
  {
    kind: 'table',
    path: '/depotHead/list',
    usedBy: BILL_VIEWS,
    rows: ownBills,
    view: billView,
    search: [
      eq('type'),
      eq('subType'),
      like('number'),
      custom('materialParam', (row, v, ctx) => billHasMaterial(ctx.state, row.id, v)),
      inList('status'),
      inList('purchaseStatus'),
      eq('organId'),
      eq('creator'),
      eq('depotId'),
      eq('accountId'),
      like('remark'),
      like('linkNumber'),
      // FIND_IN_SET(salesMan, dh.sales_man): one person id among the bill's comma-joined ids.
      custom('salesMan', (row, v) => str(row.salesMan).split(',').includes(v)),
      like('linkApply'),
      custom('hasDebt', (row, v) => (v === '1' ? (row.debt as number) > 0 : v === '0' ? row.debt === 0 : true)),
      dateFrom('operTime'),
      dateTo('operTime'),
    ],
  },
  // Financial bills; columns: organName, billNo, billTimeStr, userName, handsPersonName, accountName, totalPrice,
  // discountMoney, changeAmount, remark, status.
  {
    kind: 'table',
    path: '/accountHead/list',
    usedBy: [
      '/financial/ItemInList (type 收入)',
      '/financial/ItemOutList (支出)',
      '/financial/MoneyInList (收款)',
      '/financial/MoneyOutList (付款)',
      '/financial/GiroList (转账)',
      '/financial/AdvanceInList (收预付款)',
    ],
    rows: (ctx) => {
      // AccountHeadService.select limits the bills to the creators the caller's role may see.
      const creators = visibleCreators(ctx.state, ctx.user.id);
      return table(
        'accountHead',
        byIdDesc,
      )(ctx)
        .filter((h) => creators === null || creators.has(h.creator as number))
        .map((h) => financialView(ctx.state, h));
    },
    search: [
      eq('type'),
      like('billNo'),
      eq('organId'),
      eq('creator'),
      eq('handsPersonId'),
      eq('accountId'),
      eq('status'),
      like('remark'),
      dateFrom('billTime'),
      dateTo('billTime'),
      roleType,
      // A row settling a bill whose number contains `number` (QiChu: a row settling the opening balance), or a row of an in/out item.
      custom('number', (row, value, ctx) =>
        itemsOf(ctx, row).some((i) => {
          if (value === 'QiChu') return i.billId === null || i.billId === undefined;
          const bill = (ctx.state.tables.depotHead ?? []).find((h) => h.id === i.billId && isLive(h));
          return bill !== undefined && String(bill.number).includes(value);
        }),
      ),
      custom('inOutItemId', (row, value, ctx) => itemsOf(ctx, row).some((i) => String(i.inOutItemId) === value)),
    ],
  },
  // Settlement accounts; also the account report (thisMonthAmount, currentAmount; totals from /account/getStatistics).
  {
    kind: 'table',
    path: '/account/list',
    usedBy: ['/system/AccountList', '/report/AccountReport'],
    rows: (ctx) => table('account', bySortThenIdDesc)(ctx).map((a) => withBalance(ctx.state, ctx.tenantId, a)),
    search: [like('name'), like('serialNo'), like('remark')],
  },
  {
    kind: 'table',
    path: '/depot/list',
    usedBy: ['/system/DepotList'],
    rows: table('depot', bySortThenIdDesc),
    search: [like('name'), eq('type'), like('remark')],
  },
  {
    kind: 'table',
    path: '/unit/list',
    usedBy: ['/system/UnitList'],
    rows: table('unit', byIdDesc),
    search: [like('name')],
  },
  // One table for the three partner kinds; the page sends search.type.
  {
    kind: 'table',
    path: '/supplier/list',
    usedBy: ['/system/VendorList (type 供应商)', '/system/CustomerList (客户)', '/system/MemberList (会员)'],
    rows: table('supplier', bySortThenIdDesc),
    view: (ctx, rows) => {
      const narrowed = partnersOnly(ctx, rows);
      return rows.map((p) => withNeed(narrowed, p));
    },
    search: [
      like('supplier'),
      eq('type'),
      like('phonenum', 'phoneNum'),
      like('telephone'),
      like('contacts'),
      like('description'),
    ],
  },
  {
    kind: 'table',
    path: '/inOutItem/list',
    usedBy: ['/system/InOutItemList'],
    rows: table('inOutItem', bySortThenIdDesc),
    search: [like('name'), eq('type'), like('remark')],
  },
  {
    kind: 'table',
    path: '/person/list',
    usedBy: ['/system/PersonList'],
    rows: table('person', bySortThenIdDesc),
    search: [like('name'), eq('type')],
  },
  // Goods; columns: mBarCode, name, standard, model, color, brand, mfrs, categoryName, unit, stock, lowDecimal,
  // commodityDecimal, purchaseDecimal, wholesaleDecimal, remark, enabled, enableSerialNumber, enableBatchNumber.
  {
    kind: 'table',
    path: '/material/list',
    usedBy: ['/material/MaterialList'],
    rows: table('material', byIdDesc),
    // MaterialService.select: the product, its lowest barcode row's prices and 多属性 (sku), its stock and opening
    // stock, each also in the group's first other unit (bigUnitStock, bigUnitInitialStock); not the report columns
    // materialView adds.
    view: (ctx, rows) => {
      const index = productIndex(ctx, new Set(rows.map((m) => m.id)));
      // currentStock stays: the list's orderByColumn=currentStock sorts by it.
      const notListed = ['meId', 'commodityUnit', 'currentStockPrice', 'currentWeight', 'safetyStock'];
      return rows.map((m) => {
        const view = materialView(ctx, m as MaterialRow, index);
        const unit = m.unitId === null || m.unitId === undefined ? undefined : index.units.get(m.unitId);
        return {
          ...Object.fromEntries(Object.entries(view).filter(([k]) => !notListed.includes(k))),
          bigUnitStock: bigUnitText(unit, Number(view.stock) || 0),
          bigUnitInitialStock: bigUnitText(unit, Number(view.initialStock) || 0),
        };
      });
    },
    search: [
      // Any of the product's barcodes matches (the row shows the first); the barcodes are read once per request.
      custom('materialParam', (row, v, ctx) => {
        const needle = v.toLowerCase();
        const hit = (text: unknown): boolean => str(text).toLowerCase().includes(needle);
        return (
          reports.MATERIAL_PARAM_FIELDS.some((f) => hit(row[f])) ||
          (barCodesByMaterial(ctx).get(row.id) ?? []).some(hit)
        );
      }),
      custom('categoryId', (row, v, ctx) =>
        reports.categoryWithDescendants(ctx, Number(v)).has(row.categoryId as number),
      ),
      like('standard'),
      like('model'),
      like('color'),
      like('brand'),
      like('mfrs'),
      like('otherField1'),
      like('otherField2'),
      like('otherField3'),
      like('position'),
      like('remark'),
      enabledEq(),
      eq('enableSerialNumber'),
      eq('enableBatchNumber'),
    ],
  },
  {
    kind: 'table',
    path: '/materialCategory/list',
    usedBy: ['/material/MaterialCategoryList'],
    rows: table('materialCategory', bySortThenIdDesc),
    search: [like('name'), like('serialNo'), eq('parentId')],
  },
  {
    kind: 'table',
    path: '/materialAttribute/list',
    usedBy: ['/material/MaterialAttributeList'],
    rows: table('materialAttribute', byIdDesc),
    search: [like('attributeName')],
  },
  // Always the three extension fields 扩展1..3, each with the alias saved for it (material-writes.ts).
  {
    kind: 'table',
    path: '/materialProperty/list',
    usedBy: ['/material/MaterialPropertyList'],
    rows: (ctx) => materialPropertyRows(ctx),
    search: [],
  },
  {
    kind: 'table',
    path: '/log/list',
    usedBy: ['/system/LogList'],
    rows: table('log', byIdDesc),
    search: [
      like('operation'),
      eq('userId'),
      like('clientIp'),
      eq('status'),
      like('content'),
      dateFrom('createTime'),
      dateTo('createTime'),
    ],
  },
  // Fixture-backed system lists.
  {
    kind: 'table',
    path: '/user/list',
    usedBy: ['/system/UserList'],
    rows: userRows,
    search: [like('userName', 'username'), like('loginName')],
  },
  {
    kind: 'table',
    path: '/role/list',
    usedBy: ['/system/RoleList'],
    rows: roleRows,
    search: [like('name'), like('description')],
  },
  {
    kind: 'table',
    path: '/tenant/list',
    usedBy: ['/system/TenantList'],
    rows: tenantRows,
    search: [like('loginName'), eq('type'), enabledEq(), like('remark')],
  },
  {
    kind: 'table',
    path: '/function/list',
    usedBy: ['/system/FunctionList (admin only; others get 未知异常)'],
    rows: functionRows,
    search: [like('name'), eq('type')],
  },
  {
    kind: 'table',
    path: '/platformConfig/list',
    usedBy: ['/system/PlatformConfigList'],
    rows: platformConfigRows,
    search: [like('platformKey')],
  },
  {
    kind: 'table',
    path: '/systemConfig/list',
    usedBy: ['/system/SystemConfigList'],
    rows: systemConfigRows,
    search: [like('companyName')],
  },
  {
    kind: 'table',
    path: '/dict/type/list',
    usedBy: ['/system/DictList'],
    rows: (ctx) => table('dictType', (a, b) => a.dictId - b.dictId, false)(ctx).map(dictTypeJson),
    search: [like('dictName'), like('dictType'), eq('status')],
  },
  // The values of one dictionary type (the page's 字典配置 drawer), by dict_sort.
  {
    kind: 'table',
    path: '/dict/data/list',
    usedBy: ['/system/DictList (字典配置, search.dictType)'],
    rows: (ctx) =>
      table('dictData', (a, b) => Number(a.dictSort ?? 0) - Number(b.dictSort ?? 0), false)(ctx).map(dictDataJson),
    search: [eq('dictType'), like('dictLabel'), eq('status')],
  },
  // The message list (GET only; POST answers 未知异常): the caller's own messages, newest first.
  {
    kind: 'table',
    path: '/msg/list',
    usedBy: ['(message list page / header notices "more")'],
    rows: msgRows,
    search: [like('name', 'msgTitle')],
  },

  // --- reports (flat params) ---
  {
    kind: 'report',
    path: '/plugin/list',
    usedBy: ['/system/PluginList (flat param name)'],
    required: [],
    compute: reports.pluginList,
  },
  {
    kind: 'report',
    path: '/material/getListWithStock',
    usedBy: ['/report/MaterialStock'],
    required: ['currentPage', 'pageSize'],
    compute: reports.materialStock,
  },
  {
    kind: 'report',
    path: '/depotItem/getInOutStock',
    usedBy: ['/report/InOutStockReport'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime'],
    compute: reports.inOutStock,
  },
  {
    kind: 'report',
    path: '/depotItem/buyIn',
    usedBy: ['/report/BuyInReport'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime'],
    compute: reports.buyIn,
  },
  {
    kind: 'report',
    path: '/depotItem/saleOut',
    usedBy: ['/report/SaleOutReport'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime'],
    compute: reports.saleOut,
  },
  {
    kind: 'report',
    path: '/depotItem/retailOut',
    usedBy: ['/report/RetailOutReport'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime'],
    compute: reports.retailOut,
  },
  {
    kind: 'report',
    path: '/depotHead/findInOutDetail',
    usedBy: ['/report/InDetail (type 入库)', '/report/OutDetail (type 出库)'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime', 'type'],
    compute: reports.inOutDetail,
  },
  {
    kind: 'report',
    path: '/depotHead/findInOutMaterialCount',
    usedBy: ['/report/InMaterialCount (type 入库)', '/report/OutMaterialCount (type 出库)'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime', 'type'],
    compute: reports.inOutMaterialCount,
  },
  {
    kind: 'report',
    path: '/depotHead/findAllocationDetail',
    usedBy: ['/report/AllocationDetail'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime'],
    compute: reports.allocationDetail,
  },
  {
    kind: 'report',
    path: '/depotHead/getStatementAccount',
    usedBy: ['/report/CustomerAccount (supplierType 客户)', '/report/VendorAccount (supplierType 供应商)'],
    required: ['currentPage', 'pageSize', 'beginTime', 'endTime', 'supplierType'],
    compute: reports.statementAccount,
  },
  {
    kind: 'report',
    path: '/depotItem/findStockWarningCount',
    usedBy: ['/report/StockWarningReport'],
    required: ['currentPage', 'pageSize'],
    compute: reports.stockWarning,
  },
];

/** Applies the honoured search keys to rows (absent keys do not filter). */
export function applySearch(
  resource: TableListResource,
  rows: Row[],
  search: Record<string, string>,
  ctx: Scope,
): Row[] {
  const active = resource.search.filter((f) => search[f.key] !== undefined);
  if (active.length === 0) return rows;
  return rows.filter((row) =>
    active.every((f) => {
      const value = search[f.key] as string;
      switch (f.op) {
        case 'like':
          return f.fields.some((field) => str(row[field]).toLowerCase().includes(value.toLowerCase()));
        case 'eq':
          return str(row[f.field]) === value;
        case 'custom':
          return f.test(row, value, ctx);
      }
    }),
  );
}
