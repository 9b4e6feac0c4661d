// The backend calls the bill form and detail make, each answer unwrapped to what the form uses.
import { fetchSystemConfigData } from '../../../lib/backend/calls';
import { takeSequenceNumber } from '../../../lib/backend/number-reserve';
import { http } from '../../../lib/http';
import { sessionOptions } from '../../../lib/session-options';
import { okObject, optionList } from '../../../lib/backend/envelope';
import type { BillFormKind } from './bill-form-kinds';
import { textOf } from '../../../lib/text-of';

export interface Choice {
  value: string;
  label: string;
  isDefault?: boolean;
  /** A member's prepaid balance (findBySelect_retail). */
  advanceIn?: number;
}

export interface BillOptions {
  parties: Choice[];
  depots: Choice[];
  accounts: Choice[];
  salesmen: Choice[];
  /** materialPriceTaxFlag: line prices include tax. */
  taxIncluded: boolean;
  /** zeroChangeAmountFlag: 零收付款. */
  zeroChange: boolean;
  /** inOutManageFlag on a 采购/采购退货/销售/销售退货 bill: its serial and batch numbers are left to the 其它 bills. */
  inOutManage: boolean;
  /** purchaseBySaleFlag (以销定购): the 采购订单 may link a 销售订单 (关联订单). */
  purchaseBySale: boolean;
  /** multiAccountFlag (多账户): 结算账户 offers 多账户, the bill settled over several accounts. */
  multiAccount: boolean;
}

const PARTY_URL = {
  supplier: '/supplier/findBySelect_sup',
  customer: '/supplier/findBySelect_cus',
  member: '/supplier/findBySelect_retail',
} as const;

/** The form's option lists and flags: the session's (lib/session-options), so a second 新增 asks for none of them. */
export async function loadBillOptions(kind: BillFormKind): Promise<BillOptions> {
  const [parties, depots, accounts, salesmen, config] = await Promise.all([
    kind.party === 'none' ? Promise.resolve([]) : sessionOptions('post', PARTY_URL[kind.party]),
    sessionOptions('get', '/depot/findDepotByCurrentUser'),
    kind.money === 'none' ? Promise.resolve(null) : sessionOptions('get', '/account/getAccount'),
    kind.salesMan ? sessionOptions('get', '/person/getPersonByNumType', { type: 1 }) : Promise.resolve([]),
    fetchSystemConfigData(),
  ]);
  const flags = config ?? {};
  return {
    parties: optionList(parties).map((p) => ({
      value: textOf(p.id),
      label: textOf(p.supplier),
      ...(p.advanceIn === undefined || p.advanceIn === null ? {} : { advanceIn: Number(p.advanceIn) }),
    })),
    depots: optionList(depots).map((d) => ({
      value: textOf(d.id),
      label: textOf(d.depotName),
      isDefault: d.isDefault === true,
    })),
    accounts: optionList(accounts, 'data.accountList').map((a) => ({
      value: textOf(a.id),
      label: textOf(a.name),
      isDefault: a.isDefault === true,
    })),
    salesmen: optionList(salesmen).map((p) => ({ value: textOf(p.value), label: textOf(p.text) })),
    taxIncluded: flags.materialPriceTaxFlag === '1',
    zeroChange: flags.zeroChangeAmountFlag === '1' && ['CGRK', 'CGTH', 'XSCK', 'XSTH'].includes(kind.prefixNo),
    inOutManage: flags.inOutManageFlag === '1' && ['CGRK', 'CGTH', 'XSCK', 'XSTH'].includes(kind.prefixNo),
    purchaseBySale: flags.purchaseBySaleFlag === '1' && kind.saleLinkSource !== undefined,
    multiAccount: flags.multiAccountFlag === '1',
  };
}

/** A bill number of the global sequence, with the kind's prefix ('' for none). */
export const prefixedNumber = (prefixNo: string, n: unknown) => (n === undefined ? '' : `${prefixNo}${textOf(n)}`);

/** A fresh bill number: the kind's prefix + the global sequence (lib/backend/number-reserve). */
export async function buildNumber(prefixNo: string): Promise<string> {
  return prefixedNumber(prefixNo, await takeSequenceNumber());
}

/** The head by number (getDetailByNumber: money fields as absolute values); null when the backend refuses. */
export async function billHead(number: string): Promise<Record<string, unknown> | null> {
  const body = await http.get<unknown>('/depotHead/getDetailByNumber', { number });
  const data = okObject(body);
  return data && data.id != null ? data : null;
}

/**
 * The lines with their prices (linkType=basic), or without prices but with finishPurchaseNumber (linkType=purchase,
 * a 销售订单 taken over by a 采购订单); isReadOnly appends a totals row, which is dropped here.
 */
export async function billLines(
  headerId: unknown,
  readOnly = false,
  linkType: 'basic' | 'purchase' = 'basic',
): Promise<Record<string, unknown>[]> {
  const body = await http.get<unknown>('/depotItem/getDetailList', {
    headerId: textOf(headerId),
    mpList: '',
    linkType,
    ...(readOnly ? { isReadOnly: '1' } : {}),
  });
  return optionList(body).filter((r) => r.id !== undefined && r.id !== null);
}

/** getMaterialByBarCode: the rows of a barcode (or a serial number) priced for the kind; [] when unknown. */
export async function materialByBarCode(
  kind: BillFormKind,
  barCode: string,
  organId: string,
  depotId: string,
): Promise<Record<string, unknown>[]> {
  // mpList is required even when empty (the backend fails without it), and the client drops empty parameters.
  const body = await http.get<unknown>('/material/getMaterialByBarCode?mpList=', {
    barCode,
    organId,
    depotId,
    prefixNo: kind.prefixNo,
  });
  return optionList(body);
}

/** The picker's search (findBySelect): barcode, name, mnemonic (pinyin initials), standard, model… */
/** A page of the products matching `q` (barcode, name, pinyin initials, standard, model…), with how many match. */
export async function findMaterials(
  q: string,
  depotId: string,
  page = 1,
  rows = 10,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const body = await http.get<unknown>('/material/findBySelect', { q, depotId, mpList: '', page, rows });
  const total = Number((body as { total?: unknown } | null)?.total ?? 0);
  return { rows: optionList(body, 'rows'), total: Number.isFinite(total) ? total : 0 };
}

export async function stockOf(depotId: string, barCode: string): Promise<number | null> {
  const body = await http.get<unknown>('/depotItem/findStockByDepotAndBarCode', { depotId, barCode });
  const stock = okObject(body)?.stock;
  return stock === undefined || stock === null ? null : Number(stock);
}

/** A page of the unsold serial numbers of a barcode in a depot (the bill being edited keeps its own); missInfo names typed ones not found. */
export interface SerialPage {
  rows: { id: string; serialNumber: string; inBillNo: string; createTimeStr: string }[];
  total: number;
  missInfo: string;
}

export async function stockSerials(
  query: { name: string; depotItemId: string; depotId: string; barCode: string },
  page: number,
  rows: number,
): Promise<SerialPage> {
  const body = await http.post<unknown>('/serialNumber/getEnableSerialNumberList', {
    name: query.name,
    depotItemId: query.depotItemId === '' ? '' : Number(query.depotItemId),
    depotId: query.depotId === '' ? '' : Number(query.depotId),
    barCode: query.barCode,
    page,
    rows,
  });
  const data = okObject(body) ?? {};
  return {
    rows: optionList(data.rows).map((r) => ({
      id: textOf(r.id),
      serialNumber: textOf(r.serialNumber),
      inBillNo: textOf(r.inBillNo),
      createTimeStr: textOf(r.createTimeStr),
    })),
    total: Number(data.total) || 0,
    missInfo: textOf(data.missInfo),
  };
}

/** A batch with stock left in the depot (getBatchNumberList), oldest expiry first. */
export interface StockBatch {
  batchNumber: string;
  barCode: string;
  name: string;
  standard: string;
  model: string;
  unit: string;
  expirationDateStr: string;
  totalNum: number;
}

export async function stockBatches(query: {
  name: string;
  depotItemId: string;
  depotId: string;
  barCode: string;
  batchNumber?: string;
}): Promise<StockBatch[]> {
  // name, depotItemId, depotId and barCode are required parameters even when empty, and the client drops empty ones.
  const required = new URLSearchParams({
    name: query.name,
    depotItemId: query.depotItemId,
    depotId: query.depotId,
    barCode: query.barCode,
  });
  const body = await http.get<unknown>(`/depotItem/getBatchNumberList?${required.toString()}`, {
    batchNumber: query.batchNumber ?? '',
  });
  return optionList(body, 'data.rows').map((r) => ({
    batchNumber: textOf(r.batchNumber),
    barCode: textOf(r.barCode),
    name: textOf(r.name),
    standard: textOf(r.standard),
    model: textOf(r.model),
    unit: textOf(r.commodityUnit),
    expirationDateStr: textOf(r.expirationDateStr),
    totalNum: Number(r.totalNum) || 0,
  }));
}
