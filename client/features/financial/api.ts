// The financial bills' calls besides the list: the option lists of the form, the bill number, reading a saved bill
// back, and the 收款/付款 pickers. Each answers what the form needs or throws with the backend's reason.
import { takeSequenceNumber } from '../../lib/backend/number-reserve';
import { answerText, isOk, okObject, optionList } from '../../lib/backend/envelope';
import { http } from '../../lib/http';
import { sessionOptions } from '../../lib/session-options';
import type { BillFormKind } from './financial-bill-kinds';
import { billNumberOf, rowsFromDetail, type BillRow, type DebtBill } from './financial-bill-math';

export interface Choice {
  value: number;
  label: string;
}

const choices = (rows: Record<string, unknown>[], label: string): Choice[] =>
  rows
    .filter((r) => r.id !== null && r.id !== undefined)
    .map((r) => ({ value: Number(r.id), label: String(r[label] ?? '') }));

/** 客户 / 供应商 / 会员 / 往来单位: the POST select of the kind, sent as the original sends it. */
export async function loadParties(kind: BillFormKind, current: number | null | undefined): Promise<Choice[]> {
  if (!kind.party) return [];
  // Without a current party the key is left out, as the original's undefined organId is.
  const query = current === null || current === undefined ? { limit: 1 } : { organId: current, limit: 1 };
  const body = await sessionOptions('post', kind.party.url, query, { silent: true });
  return choices(optionList(body), 'supplier');
}

/** 财务人员: the people of type 财务员. */
export async function loadFinancePeople(): Promise<Choice[]> {
  const body = await sessionOptions('get', '/person/getPersonByType', { type: '财务员' }, { silent: true });
  return choices(optionList(body, 'data.personList'), 'name');
}

export interface AccountChoice extends Choice {
  isDefault: boolean;
}

export async function loadAccounts(): Promise<AccountChoice[]> {
  const body = await sessionOptions('get', '/account/getAccount', undefined, { silent: true });
  return optionList(body, 'data.accountList').map((a) => ({
    value: Number(a.id),
    label: String(a.name ?? ''),
    isDefault: a.isDefault === true,
  }));
}

/** 收入项目 / 支出项目. */
export async function loadInOutItems(type: 'in' | 'out'): Promise<Choice[]> {
  const body = await sessionOptions('get', '/inOutItem/findBySelect', { type }, { silent: true });
  return choices(optionList(body), 'name');
}

/** 新增's bill number: the kind's prefix and the next global sequence number ('' when the sequence fails). */
export async function nextBillNumber(prefixNo: string): Promise<string> {
  return billNumberOf(prefixNo, await takeSequenceNumber({ silent: true }));
}

export interface LoadedBill {
  /** getDetailByNumber's head: amounts positive, names joined, billTimeStr. */
  head: Record<string, unknown>;
  rows: BillRow[];
  /** The detail lines as read (names for 查看 and 打印). */
  detail: Record<string, unknown>[];
}

/** 编辑 / 复制 / 查看 read the bill back: the head by its number, then its lines by the head's id. */
export async function loadBill(kind: BillFormKind, billNo: string): Promise<LoadedBill> {
  const headBody = await http.get<unknown>('/accountHead/getDetailByNumber', { billNo });
  const head = okObject(headBody);
  if (!head || head.id === null || head.id === undefined) throw new Error(answerText(headBody));
  const itemsBody = await http.get<unknown>('/accountItem/getDetailList', { headerId: String(head.id) });
  if (!isOk(itemsBody)) throw new Error(answerText(itemsBody));
  const detail = optionList(itemsBody, 'data.rows');
  return { head, rows: rowsFromDetail(kind, detail), detail };
}

/** 选择单据: the party's open sales/purchase bills, 100 a page as the original picker shows them. */
export async function loadDebtBills(kind: BillFormKind, organId: number): Promise<DebtBill[]> {
  const debt = kind.debt!;
  const search = { organId, materialParam: '', number: '', type: debt.type, subType: debt.subType, status: '' };
  const body = await http.get<unknown>('/depotHead/debtList', {
    search: JSON.stringify(search),
    currentPage: 1,
    pageSize: 100,
  });
  if (!isOk(body)) throw new Error(answerText(body));
  return optionList(body) as unknown as DebtBill[];
}

/** 选择期初: what is still owed of the party's opening balance. */
export async function loadOpeningBalance(organId: number): Promise<Record<string, unknown>> {
  const body = await http.get<unknown>('/supplier/getBeginNeedByOrganId', { organId: String(organId) });
  const balance = okObject(body);
  if (!balance) throw new Error(answerText(body));
  return balance;
}
