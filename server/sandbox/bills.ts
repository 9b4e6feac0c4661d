// What bills share beyond their routes: the role's data scope (个人数据 / 本机构数据 see only their creators' bills,
// decided from the role, never from the request), the tenant's stock flags, the derived list fields of a head, and
// the home page's purchase / sale / retail totals.
import type { DepotHeadRow, DepotItemRow } from './business-rows.js';
import { liveRows, type Row, type SandboxState, type UserRow, isLive } from './store.js';
import { roleIdOfUser } from './store.js';
import { formatDate, formatDateTime, asDecimal, timeOf } from './wire.js';

/** DepotHeadService.getCreatorByCurrentUser: null = every creator; else the user ids whose bills the caller sees. */
export function creatorsInScope(state: SandboxState, user: UserRow): number[] | null {
  const role = state.roles.find((r) => r.id === roleIdOfUser(state, user.id) && isLive(r));
  if (role?.type === '个人数据') return [user.id];
  if (role?.type === '本机构数据') {
    const orgs = new Set(state.orgaUserRels.filter((r) => r.user_id === user.id && isLive(r)).map((r) => r.orga_id));
    const ids = state.orgaUserRels.filter((r) => isLive(r) && orgs.has(r.orga_id)).map((r) => r.user_id);
    return ids.length > 0 ? [...new Set(ids)] : [user.id];
  }
  return null;
}

/** The role's price limit (`1` buy, `2` retail, `3` sale hidden on the home page). */
export function priceLimitOf(state: SandboxState, user: UserRow): string {
  return state.roles.find((r) => r.id === roleIdOfUser(state, user.id))?.price_limit ?? '';
}

export interface BillFlags {
  /** 负库存: out-of-stock lines are accepted. */
  minusStock: boolean;
  /** 强审核: only approved bills move stock and count in the statistics. */
  forceApproval: boolean;
  /** 超出关联单据: a line may exceed what is left of its linked line. */
  overLinkBill: boolean;
  /** Saving 采购/销售/零售 writes the line's unit price back to the barcode (on unless '0'). */
  updateUnitPrice: boolean;
  /** 出入库管理: 采购/采购退货/销售/销售退货 leave serial and batch numbers to the 其它 bills that carry their goods. */
  inOutManage: boolean;
}

/** The tenant's jsh_system_config switches that bill saving reads. */
export function billFlags(state: SandboxState, tenantId: number): BillFlags {
  const config = state.systemConfigs.find((c) => isLive(c) && (tenantId === 0 || c.tenant_id === tenantId));
  return {
    minusStock: config?.minus_stock_flag === '1',
    forceApproval: config?.force_approval_flag === '1',
    overLinkBill: config?.over_link_bill_flag === '1',
    updateUnitPrice: config?.update_unit_price_flag !== '0',
    inOutManage: config?.in_out_manage_flag === '1',
  };
}

/** DepotHeadService.getBillCategory: which price-limit digit (4 buy, 5 retail, 6 sale) hides a bill's money. */
export function billPriceHidden(state: SandboxState, user: UserRow, subType: unknown): boolean {
  const limit = priceLimitOf(state, user);
  const sub = String(subType);
  const digit = sub === '零售' || sub === '零售退货' ? '5' : ['销售订单', '销售', '销售退货'].includes(sub) ? '6' : '4';
  return limit.includes(digit);
}

/** The money fields DepotHeadService.select answers as 0 when the role's price limit hides the bill's kind
 *  (RoleService.parseBillPriceByLimit); otherMoney and discountMoney are not among them. */
export const HIDDEN_LIST_MONEY = [
  'changeAmount',
  'totalPrice',
  'discountLastMoney',
  'backAmount',
  'deposit',
  'finishDeposit',
  'debt',
  'lastDebt',
] as const;
/** The ones getDetailByNumber hides (it reads no finishDeposit and leaves lastDebt as stored). */
export const HIDDEN_DETAIL_MONEY = [
  'changeAmount',
  'totalPrice',
  'discountLastMoney',
  'backAmount',
  'deposit',
  'debt',
] as const;

/** A bill row with its money as the caller's role may see it: those fields 0 when its kind is hidden. */
export function maskedBillMoney(
  state: SandboxState,
  user: UserRow,
  row: Row,
  fields: readonly string[] = HIDDEN_LIST_MONEY,
): Row {
  if (!billPriceHidden(state, user, row.subType)) return row;
  const masked: Row = { ...row };
  for (const key of fields) masked[key] = 0;
  return masked;
}

/**
 * AccountService.getAccountStrByIdAndMoney: a 多账户 bill's 结算账户, each account's name and its amount without the
 * sign, as BigDecimal prints the stored text, then a space — `现金(40元) 工商银行(60元) ` (an unknown id prints
 * `null`). Null when the bill is settled over one account.
 */
export function manyAccountsText(state: SandboxState, head: Row): string | null {
  const ids = String(head.accountIdList ?? '');
  const amounts = String(head.accountMoneyList ?? '');
  if (ids === '' || amounts === '') return null;
  const accounts = state.tables.account ?? [];
  const moneyList = amounts.split(',');
  return ids
    .split(',')
    .map((id, i) => {
      const name = accounts.find((a) => String(a.id) === id.trim())?.name ?? null;
      const amount = (moneyList[i] ?? '').trim().replace(/^[-+]/, '');
      return `${String(name)}(${amount}元) `;
    })
    .join('');
}

/** Bills and lines of the caller's tenant that are not deleted. */
export function linesOf(state: SandboxState, headId: unknown): DepotItemRow[] {
  return state.depotItems.filter((l) => l.headerId === headId && isLive(l));
}

const nameOf = (rows: Row[] | undefined, id: unknown, field = 'name'): string | null => {
  const row = (rows ?? []).find((r) => r.id === id);
  return row ? (row[field] as string) : null;
};

/** The columns refreshBillView keeps on a head for the lists (DepotHeadVo4List's), not DepotHead's own. */
export const BILL_LIST_COLUMNS = [
  'organName',
  'userName',
  'accountName',
  'depotName',
  'materialsList',
  'operTimeStr',
  'materialCount',
  'hasFinancialFlag',
  'hasBackFlag',
] as const;

/**
 * DepotHeadService.findMaterialsListMapByHeaderIdList: group_concat(concat(name,' ',ifnull(standard,''),' ',
 * ifnull(model,''),' ',ifnull(color,''))) of every line of a bill, then each ',' made '，' (a name's own commas too).
 */
export function materialsListOf(state: SandboxState, headId: unknown): string | null {
  const materials = state.tables.material ?? [];
  const described = linesOf(state, headId).flatMap((l) => {
    const m = materials.find((x) => x.id === l.materialId && isLive(x));
    if (!m || m.name === null || m.name === undefined) return [];
    return [[m.name, m.standard ?? '', m.model ?? '', m.color ?? ''].join(' ')];
  });
  return described.length === 0 ? null : described.join(',').replaceAll(',', '，');
}

/** A product's columns a '%…%' materialParam searches (the mappers' like list). */
export const MATERIAL_LIKE_FIELDS = [
  'name',
  'mnemonic',
  'standard',
  'model',
  'color',
  'mfrs',
  'brand',
  'otherField1',
  'otherField2',
  'otherField3',
] as const;

/** The bill lists' materialParam: a line's own barcode or its product's columns, like '%…%' (selectByConditionDepotHead). */
export function billHasMaterial(state: SandboxState, headId: unknown, param: string): boolean {
  const materials = state.tables.material ?? [];
  const barcodes = state.tables.materialExtend ?? [];
  const fields = MATERIAL_LIKE_FIELDS;
  // like ignores case under the tables' collation.
  const needle = param.toLowerCase();
  const has = (v: unknown): boolean =>
    String(v ?? '')
      .toLowerCase()
      .includes(needle);
  return linesOf(state, headId).some((l) => {
    if (has(barcodes.find((e) => e.id === l.materialExtendId && isLive(e))?.barCode)) return true;
    const m = materials.find((x) => x.id === l.materialId && isLive(x));
    return m !== undefined && fields.some((f) => has(m[f]));
  });
}

/**
 * The list's joined and computed columns of a head (organName, userName, accountName, materialsList, …), and the
 * head's fields its lines repeat for the reports (number, status, operTime, organ, creator).
 */
export function refreshBillView(state: SandboxState, head: DepotHeadRow): void {
  const lines = linesOf(state, head.id);
  head.organName = nameOf(state.tables.supplier, head.organId, 'supplier');
  head.userName = state.users.find((u) => u.id === head.creator)?.username ?? null;
  head.accountName = manyAccountsText(state, head) ?? nameOf(state.tables.account, head.accountId);
  head.depotName = lines.length > 0 ? nameOf(state.tables.depot, lines[0]!.depotId) : null;
  head.materialsList = materialsListOf(state, head.id);
  head.operTimeStr = head.operTime instanceof Date ? formatDateTime(head.operTime) : null;
  head.materialCount = asDecimal(lines.reduce((s, l) => s + (Number(l.operNumber) || 0), 0));
  head.hasFinancialFlag ??= false;
  head.hasBackFlag = false;
  for (const l of lines) {
    Object.assign(l, {
      number: head.number,
      type: head.type,
      subType: head.subType,
      status: head.status,
      operTime: head.operTime,
      organId: head.organId,
      organName: head.organName,
      creator: head.creator,
      headRemark: head.remark,
    });
  }
}

/** `debt` as the lists and the detail show it: 优惠后金额 + 其它费用 − (扣除订金 + |本次付款|). */
export function shownDebt(head: Row): number {
  const n = (v: unknown): number => Number(v ?? 0) || 0;
  return asDecimal(n(head.discountLastMoney) + n(head.otherMoney) - (n(head.deposit) + Math.abs(n(head.changeAmount))));
}

/** The movement bills (入库/出库 with at least one live line) the home statistics sum, in the caller's scope. */
function statisticBills(state: SandboxState, tenantId: number, user: UserRow): Row[] {
  const creators = creatorsInScope(state, user);
  const force = billFlags(state, tenantId).forceApproval;
  return liveRows({ state, tenantId }, 'depotHead').filter(
    (h) =>
      (h.type === '入库' || h.type === '出库') &&
      (!force || ['1', '2', '3'].includes(String(h.status))) &&
      (creators === null || creators.includes(h.creator as number)) &&
      linesOf(state, h.id).length > 0,
  );
}

type Kind = 'buy' | 'sale' | 'retail';

/** Signed contribution of a bill to the buy/sale/retail totals: purchases and sales by 优惠后金额, retail by |totalPrice|. */
function contribution(h: Row): { kind: Kind; amount: number } | null {
  const discounted = Number(h.discountLastMoney ?? 0) || 0;
  const total = Math.abs(Number(h.totalPrice ?? 0) || 0);
  const key = `${String(h.type)}/${String(h.subType)}`;
  switch (key) {
    case '入库/采购':
      return { kind: 'buy', amount: discounted };
    case '出库/采购退货':
      return { kind: 'buy', amount: -discounted };
    case '出库/销售':
      return { kind: 'sale', amount: discounted };
    case '入库/销售退货':
      return { kind: 'sale', amount: -discounted };
    case '出库/零售':
      return { kind: 'retail', amount: total };
    case '入库/零售退货':
      return { kind: 'retail', amount: -total };
    default:
      return null;
  }
}

/** RoleService.parseHomePriceByLimit: `***` where the role's price limit hides that kind. */
function masked(kind: Kind, amount: number, priceLimit: string): number | string {
  const digit = kind === 'buy' ? '1' : kind === 'retail' ? '2' : '3';
  return priceLimit.includes(digit) ? '***' : asDecimal(amount);
}

/** A China-time calendar day as `yyyy-MM-dd` shifted by `days`. */
const chinaDay = (now: Date, days = 0): string => formatDate(new Date(now.getTime() + days * 86_400_000));
const dayStart = (day: string): number => new Date(`${day}T00:00:00+08:00`).getTime();
const dayEnd = (day: string): number => new Date(`${day}T23:59:59+08:00`).getTime();

/** GET /depotHead/getBuyAndSaleStatistics data: today/yesterday/month/year × Buy/Sale/RetailSale (empty for admin). */
export function buyAndSaleStatistics(
  state: SandboxState,
  tenantId: number,
  user: UserRow,
  now: Date,
): Record<string, number | string> {
  if (user.login_name === 'admin') return {};
  const today = chinaDay(now);
  const yesterday = chinaDay(now, -1);
  const periods: Record<string, [number, number]> = {
    today: [dayStart(today), now.getTime()],
    month: [dayStart(`${today.slice(0, 7)}-01`), now.getTime()],
    yesterday: [dayStart(yesterday), dayEnd(yesterday)],
    year: [dayStart(`${today.slice(0, 4)}-01-01`), dayEnd(`${today.slice(0, 4)}-12-31`)],
  };
  const sums: Record<string, number> = {};
  for (const p of Object.keys(periods)) for (const k of ['Buy', 'Sale', 'RetailSale']) sums[p + k] = 0;
  const suffix: Record<Kind, string> = { buy: 'Buy', sale: 'Sale', retail: 'RetailSale' };
  for (const h of statisticBills(state, tenantId, user)) {
    const c = contribution(h);
    if (!c) continue;
    const t = timeOf(h.operTime);
    for (const [p, [from, to]] of Object.entries(periods))
      if (t >= from && t <= to) sums[p + suffix[c.kind]]! += c.amount;
  }
  const limit = priceLimitOf(state, user);
  const out: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(sums))
    out[k] = masked(k.endsWith('RetailSale') ? 'retail' : k.endsWith('Buy') ? 'buy' : 'sale', v, limit);
  return out;
}

/** GET /depotItem/buyOrSalePrice data: the last six months (oldest first) of purchases, sales and retail, `{x, y}` each. */
export function buyOrSalePrice(
  state: SandboxState,
  tenantId: number,
  user: UserRow,
  now: Date,
): Record<string, unknown> {
  if (user.login_name === 'admin') return {};
  const today = chinaDay(now);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const months: string[] = [];
  for (let i = 5; i >= 0; i--) {
    const total = year * 12 + (month - 1) - i;
    months.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  const from = dayStart(`${months[0]}-01`);
  const to = dayEnd(today);
  const sums: Record<Kind, Map<string, number>> = { buy: new Map(), sale: new Map(), retail: new Map() };
  for (const h of statisticBills(state, tenantId, user)) {
    const t = timeOf(h.operTime);
    const c = contribution(h);
    if (!c || !(t >= from && t <= to)) continue;
    const m = formatDate(h.operTime as Date).slice(0, 7); // a NULL time failed the range test above
    sums[c.kind].set(m, (sums[c.kind].get(m) ?? 0) + c.amount);
  }
  const limit = priceLimitOf(state, user);
  const series = (kind: Kind): { x: string; y: number | string }[] =>
    months.map((x) => ({ x, y: masked(kind, sums[kind].get(x) ?? 0, limit) }));
  return { buyPriceList: series('buy'), salePriceList: series('sale'), retailPriceList: series('retail') };
}
