// A saved stock bill (its detail head and lines) as the shared printable shape: head fields, the kind's line
// columns, totals and money, signatures. Pure: the caller passes the translator.
import {
  printMoney,
  printQuantity,
  type PrintableBill,
  type PrintColumn,
  type PrintField,
} from '../../../components/print/printable-bill';
import type { MessageKey, MessageParams } from '../../../lib/i18n/i18n';
import { accountTitle, changeTitle, partyTitle, type BillFormKind } from './bill-form-kinds';
import { columnTotals, num } from './bill-math';
import { textOf } from '../../../lib/text-of';
import { formatBackendDate } from '../../../lib/date-format';

type Translate = (key: MessageKey, params?: MessageParams) => string;
type Fields = Record<string, unknown>;

const money = (v: unknown): string => printMoney(num(v));
/** How each line column prints: money with two decimals, quantities without float noise, the rest as text. */
const MONEY_COLUMNS = new Set(['unitPrice', 'allPrice', 'taxMoney', 'taxLastMoney']);
const lineValue = (key: string, v: unknown): string =>
  MONEY_COLUMNS.has(key) ? printMoney(v) : key === 'operNumber' || key === 'taxRate' ? printQuantity(v) : textOf(v);

export function printableBill(
  kind: BillFormKind,
  head: Fields,
  lines: readonly Fields[],
  t: Translate,
  company?: string,
): PrintableBill {
  const headFields: PrintField[] = [
    { label: t('col.billNumber'), value: textOf(head.number) },
    { label: t('col.billDate'), value: formatBackendDate(head.operTimeStr) },
  ];
  // A walk-in sale has no member (nor an other-in/out a party): no empty line for it.
  if (kind.party !== 'none' && head.organName)
    headFields.push({ label: t(partyTitle(kind)), value: textOf(head.organName) });
  const linked = textOf(head[kind.linkField ?? 'linkNumber']);
  if (kind.linkTitle && linked) headFields.push({ label: t(kind.linkTitle), value: linked });
  // 以销定购: the 销售订单 a 采购订单 was taken from.
  if (kind.saleLinkSource && head.linkNumber)
    headFields.push({ label: t('col.linkOrder'), value: textOf(head.linkNumber) });
  if (kind.salesMan && head.salesManStr)
    headFields.push({ label: t('bill.salesMan'), value: textOf(head.salesManStr).trim() });
  if (kind.money !== 'none' && head.accountName)
    headFields.push({ label: t(accountTitle(kind)), value: textOf(head.accountName).trim() });

  const columns: PrintColumn[] = [];
  if (kind.depot) columns.push({ key: 'depotName', title: t('col.depotName') });
  columns.push(
    { key: 'barCode', title: t('col.barCode'), code: true },
    { key: 'name', title: t('col.name') },
    { key: 'standard', title: t('col.standard') },
    { key: 'unit', title: t('col.unit') },
  );
  if (kind.anotherDepot) columns.push({ key: 'anotherDepotName', title: t('col.depotIn') });
  columns.push({ key: 'operNumber', title: t('col.quantity'), align: 'right' });
  if (kind.price) {
    columns.push(
      { key: 'unitPrice', title: t('col.unitPrice'), align: 'right' },
      { key: 'allPrice', title: t('bill.amount'), align: 'right' },
    );
  }
  if (kind.tax) {
    columns.push(
      { key: 'taxRate', title: t('col.taxRate'), align: 'right' },
      { key: 'taxMoney', title: t('col.taxMoney'), align: 'right' },
      { key: 'taxLastMoney', title: t('bill.taxLastMoney'), align: 'right' },
    );
  }
  columns.push({ key: 'remark', title: t('col.remark') });

  const rows = lines.map((l) => Object.fromEntries(columns.map((c) => [c.key, lineValue(c.key, l[c.key])])));
  const sums = columnTotals(lines as never);
  const totals: PrintField[] = [
    { label: `${t('table.totals')} ${t('col.quantity')}`, value: printQuantity(sums.operNumber) },
  ];
  if (kind.price) totals.push({ label: t('bill.amount'), value: money(sums.allPrice) });
  if (kind.tax) totals.push({ label: t('bill.taxLastMoney'), value: money(sums.taxLastMoney) });
  if (kind.money === 'order' || kind.money === 'full') {
    totals.push(
      { label: t('col.discountMoney'), value: money(head.discountMoney) },
      { label: t('bill.discountLastMoney'), value: money(head.discountLastMoney) },
    );
  }
  if (kind.money === 'full') totals.push({ label: t('col.otherMoney'), value: money(head.otherMoney) });
  if (kind.money !== 'none')
    totals.push({ label: t(changeTitle(kind)), value: money(Math.abs(num(head.changeAmount))) });
  if (kind.money === 'full') totals.push({ label: t('col.debt'), value: money(head.debt) });
  if (kind.money === 'retail') {
    // 收款金额 is not stored: it is what 找零 was given back from, 单据金额 + 找零.
    const taken = Math.abs(num(head.changeAmount)) + num(head.backAmount);
    totals.push(
      { label: t(kind.negate ? 'bill.payAmount' : 'bill.getAmount'), value: money(taken) },
      { label: t('bill.backAmount'), value: money(head.backAmount) },
    );
  }

  const footer: PrintField[] = [{ label: t('bill.creator'), value: textOf(head.creatorName ?? head.userName) }];
  if (head.remark) footer.push({ label: t('col.remark'), value: textOf(head.remark) });
  return {
    company,
    title: t(kind.exportTitle),
    number: textOf(head.number),
    head: headFields,
    columns,
    rows,
    totals,
    footer,
    thanks: kind.party === 'customer' || kind.party === 'member',
  };
}
