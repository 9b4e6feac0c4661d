// The money side of the sandbox: how financial bills (jsh_account_head + jsh_account_item) are stored and read back,
// the account balances every account view computes from the saved bills, and what a sales/purchase bill still owes.
//
// Signs as jshERP-boot stores them: 付款/转账/支出 heads carry negative totalPrice/changeAmount (the client sends them
// so); only 付款 items are negated (by the server). Reads give 收款 as stored, 付款 negated back, everything else abs().
import type { AccountHeadRow, AccountRow, DepotHeadRow, StoredRow, TenantTableName } from './business-rows.js';
import { liveRows, roleIdOfUser, type Row, type SandboxState, isLive } from './store.js';
import { chinaTime, formatDate, formatDateTime, asDecimal } from './wire.js';

/** How a read turns a stored head amount (or item eachAmount) back into what the forms show. */
export function readAmount(type: unknown, value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (type === '收款') return n;
  if (type === '付款') return asDecimal(0 - n);
  return Math.abs(n);
}

const nameOf = (state: SandboxState, table: TenantTableName, id: unknown, field = 'name'): string | null => {
  if (id === null || id === undefined) return null;
  const row: Row | undefined = (state.tables[table] as StoredRow[]).find((r) => r.id === id && isLive(r));
  return row ? (row[field] as string) : null;
};

/** A head as the list and getDetailByNumber give it: the joined names, billTimeStr, amounts read back. */
export function financialView(state: SandboxState, head: AccountHeadRow): Row {
  const creator = state.users.find((u) => u.id === head.creator);
  return {
    ...head,
    totalPrice: readAmount(head.type, head.totalPrice),
    changeAmount: readAmount(head.type, head.changeAmount),
    organName: nameOf(state, 'supplier', head.organId, 'supplier'),
    handsPersonName: nameOf(state, 'person', head.handsPersonId),
    accountName: nameOf(state, 'account', head.accountId),
    userName: creator ? creator.username : null,
    billTimeStr: head.billTime instanceof Date ? formatDateTime(head.billTime) : null,
  };
}

/** The cash a sales/purchase bill moved through its account, signed as the backend stores change_amount. */
export function depotCash(head: DepotHeadRow): number {
  const amount = Math.abs(Number(head.changeAmount ?? 0));
  const sub = head.subType;
  if (sub === '采购' || sub === '销售退货' || sub === '零售退货') return -amount;
  if (sub === '销售' || sub === '零售' || sub === '采购退货') return amount;
  return Number(head.changeAmount ?? 0);
}

/** The tenant's force-approval switch: when on, only audited bills move money. */
export function forceApproval(state: SandboxState, tenantId: number): boolean {
  const config = state.systemConfigs.find((c) => tenantId === 0 || c.tenant_id === tenantId);
  return config?.force_approval_flag === '1';
}

export interface Window {
  from: number;
  to: number;
}
const ALL_TIME: Window = { from: -Infinity, to: Infinity };

const inWindow = (date: unknown, w: Window): boolean => {
  const t = date instanceof Date ? date.getTime() : NaN;
  return t >= w.from && t <= w.to;
};

/** One movement of an account: a bill line in 账户流水 and one term of the balance. */
export interface AccountMove {
  number: string;
  type: string;
  fromType: 'bill' | 'financial';
  supplierName: string | null;
  changeAmount: number;
  time: Date;
  aList: string;
  amList: string;
  remark: string | null;
}

/**
 * Every movement of one account (the six UNIONs of AccountMapperEx.findAccountInOutList): bills paid through it,
 * financial heads on it (收款/付款/收入/支出 and the source of a 转账), financial items on it (收款/付款/收预付款 and
 * the target of a 转账), and multi-account bills naming it.
 */
export function accountMoves(
  state: SandboxState,
  tenantId: number,
  accountId: number,
  window: Window = ALL_TIME,
): AccountMove[] {
  const force = forceApproval(state, tenantId);
  const supplier = (id: unknown): string | null => nameOf(state, 'supplier', id, 'supplier');
  const moves: AccountMove[] = [];
  const bills = liveRows({ state, tenantId }, 'depotHead').filter(
    (h) => !force || ['1', '2', '3'].includes(h.status as string),
  );
  for (const h of bills) {
    if (!inWindow(h.operTime, window)) continue;
    const base = {
      number: h.number as string,
      type: `${h.subType}${h.type}`.replace('其它', ''),
      fromType: 'bill' as const,
      supplierName: supplier(h.organId),
      time: h.operTime as Date,
      remark: h.remark ?? null,
    };
    if (h.accountId === accountId && h.payType !== '预付款' && depotCash(h) !== 0)
      moves.push({ ...base, changeAmount: depotCash(h), aList: '', amList: '' });
    const ids = String(h.accountIdList ?? '').split(',');
    const amounts = String(h.accountMoneyList ?? '').split(',');
    const at = ids.indexOf(String(accountId));
    if (h.accountIdList && at >= 0) {
      moves.push({
        ...base,
        changeAmount: Number(amounts[at] ?? 0),
        aList: String(h.accountIdList),
        amList: String(h.accountMoneyList ?? ''),
      });
    }
  }
  const heads = liveRows({ state, tenantId }, 'accountHead').filter(
    (h) => (!force || h.status === '1') && inWindow(h.billTime, window),
  );
  const headById = new Map(heads.map((h) => [h.id, h]));
  // A financial bill's movement: its head's amount, or one of its lines'.
  const financialMove = (h: (typeof heads)[number], changeAmount: number): AccountMove => ({
    number: h.billNo as string,
    type: h.type as string,
    fromType: 'financial',
    supplierName: h.type === '转账' ? '' : supplier(h.organId),
    changeAmount,
    time: h.billTime as Date,
    aList: '',
    amList: '',
    remark: h.remark ?? null,
  });
  for (const h of heads) {
    if (h.accountId === accountId && Number(h.changeAmount ?? 0) !== 0)
      moves.push(financialMove(h, Number(h.changeAmount)));
  }
  for (const item of liveRows({ state, tenantId }, 'accountItem')) {
    const h = headById.get(item.headerId);
    if (!h || item.accountId !== accountId || Number(item.eachAmount ?? 0) === 0) continue;
    if (!['收款', '付款', '收预付款', '转账'].includes(h.type as string)) continue;
    moves.push(financialMove(h, Number(item.eachAmount)));
  }
  return moves;
}

/** Σ of the movements of an account (without its initial amount). */
export const accountSum = (
  state: SandboxState,
  tenantId: number,
  accountId: number,
  window: Window = ALL_TIME,
): number => asDecimal(accountMoves(state, tenantId, accountId, window).reduce((s, m) => s + m.changeAmount, 0));

/** The current month in China time, as the account views count 本月发生额. */
export function thisMonth(now: Date): Window {
  const month = formatDate(now).slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: chinaTime(`${month}-01 00:00:00`).getTime(), to: chinaTime(`${next}-01 00:00:00`).getTime() - 1000 };
}

/** An account's balance (initial + every movement) and this month's movements, from the saved bills. */
export function accountAmounts(
  state: SandboxState,
  tenantId: number,
  account: AccountRow,
): { current: number; month: number } {
  // The super-admin sees every tenant's rows; an account's movements are its own tenant's.
  const scope = tenantId === 0 ? (account.tenantId ?? 0) : tenantId;
  return {
    current: asDecimal(Number(account.initialAmount ?? 0) + accountSum(state, scope, account.id)),
    month: accountSum(state, scope, account.id, thisMonth(state.clock.now())),
  };
}

/** An account row as AccountService.select lists it: currentAmount a number, thisMonthAmount its text. */
export function withBalance(state: SandboxState, tenantId: number, account: AccountRow): Row {
  const { current, month } = accountAmounts(state, tenantId, account);
  return { ...account, currentAmount: current, thisMonthAmount: priceFormat(month) };
}

/**
 * AccountService's amount text: "0" for zero, else `new DecimalFormat(".##")` of the BigDecimal — half-even to 2
 * places, trailing zeros dropped but one kept after a whole number, no 0 before the point: 0.666667 is ".67",
 * -0.5 "-.5", 120 "120.0", 2.675 "2.68", 0.125 ".12", 0.004 ".0".
 */
export function priceFormat(amount: number): string {
  const micros = Math.round(amount * 1e6);
  if (micros === 0) return '0';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / 10_000);
  const rest = abs % 10_000;
  const cents = rest > 5_000 || (rest === 5_000 && whole % 2 === 1) ? whole + 1 : whole;
  const int = Math.floor(cents / 100);
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${micros < 0 ? '-' : ''}${int === 0 ? '' : String(int)}.${fraction === '' ? '0' : fraction}`;
}

/** Σ eachAmount of the live items (of live heads) that settle one bill: what has been received/paid against it. */
export function settledOnBill(state: SandboxState, tenantId: number, billId: unknown): number {
  const heads = new Set(liveRows({ state, tenantId }, 'accountHead').map((h) => h.id));
  return asDecimal(
    liveRows({ state, tenantId }, 'accountItem')
      .filter((i) => i.billId === billId && heads.has(i.headerId))
      .reduce((s, i) => s + Number(i.eachAmount ?? 0), 0),
  );
}

/** DepotHeadService.getDebtByBill: discountLastMoney + otherMoney − (deposit + |changeAmount|). */
export function billDebt(head: DepotHeadRow): number {
  return asDecimal(
    Number(head.discountLastMoney ?? 0) +
      Number(head.otherMoney ?? 0) -
      (Number(head.deposit ?? 0) + Math.abs(Number(head.changeAmount ?? 0))),
  );
}

/** 收预付款 totals − 零售出库 paid from the advance, per member (SupplierService.updateAdvanceIn). */
export function recomputeAdvanceIn(state: SandboxState, tenantId: number, memberId: unknown): void {
  if (memberId === null || memberId === undefined) return;
  const paidIn = liveRows({ state, tenantId }, 'accountHead')
    .filter((h) => h.organId === memberId && h.type === '收预付款')
    .reduce((s, h) => s + Number(h.totalPrice ?? 0), 0);
  const spent = liveRows({ state, tenantId }, 'depotHead')
    .filter((h) => h.organId === memberId && h.type === '出库' && h.subType === '零售' && h.payType === '预付款')
    .reduce((s, h) => s + Number(h.totalPrice ?? 0), 0);
  const member = (state.tables.supplier ?? []).find(
    (s) => s.id === memberId && (tenantId === 0 || s.tenantId === tenantId),
  );
  if (member) member.advanceIn = asDecimal(paidIn - spent);
}

/**
 * getCreatorByCurrentUser: the bill creators a user may see — only themself for a 个人数据 role, the users of their
 * departments for 本部门数据, everyone (null) otherwise.
 */
export function visibleCreators(state: SandboxState, userId: number): Set<number> | null {
  const roleId = roleIdOfUser(state, userId);
  const type = state.roles.find((r) => r.id === roleId)?.type;
  if (type === '个人数据') return new Set([userId]);
  if (type === '本部门数据') {
    const live = state.orgaUserRels.filter((r) => isLive(r));
    const orgs = new Set(live.filter((r) => r.user_id === userId).map((r) => r.orga_id));
    return new Set(live.filter((r) => orgs.has(r.orga_id)).map((r) => r.user_id));
  }
  return null;
}
