// A saved financial bill as the shared print sheet takes it (PrintableBill): the head as the original's print
// sections list it, the detail lines with the kind's columns, the amounts under them, remark and operator at the foot.
import { printMoney, type PrintableBill } from '../../components/print/printable-bill';
import type { MessageKey, MessageParams } from '../../lib/i18n/i18n';
import type { BillFormKind } from './financial-bill-kinds';
import { textOf } from '../../lib/text-of';
import { formatBackendDate } from '../../lib/date-format';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** Money as every sheet prints it; what is not a number prints as nothing. */
const amount = (value: unknown): string => (Number.isFinite(Number(value)) ? printMoney(value) : '');

/** `head` is getDetailByNumber's data (amounts positive, names joined); `detail` getDetailList's rows. */
export function printableFinancialBill(
  kind: BillFormKind,
  head: Record<string, unknown>,
  detail: readonly Record<string, unknown>[],
  t: Translate,
  company?: string,
): PrintableBill {
  const fields: PrintableBill['head'] = [];
  if (kind.party) fields.push({ label: t(kind.party.label), value: textOf(head.organName) });
  fields.push({ label: t('finance.field.billTime'), value: formatBackendDate(head.billTimeStr) });
  fields.push({ label: t('finance.field.billNo'), value: textOf(head.billNo) });
  fields.push({ label: t('finance.field.financePerson'), value: textOf(head.handsPersonName) });

  const columns: PrintableBill['columns'] = [{ key: 'index', title: '#' }];
  if (kind.grid === 'debt') {
    columns.push(
      { key: 'billNumber', title: t(kind.columns.first), code: true },
      { key: 'needDebt', title: t(kind.columns.need!), align: 'right' },
      { key: 'finishDebt', title: t(kind.columns.finish!), align: 'right' },
    );
  } else {
    columns.push({ key: kind.grid === 'account' ? 'accountName' : 'inOutItemName', title: t(kind.columns.first) });
  }
  columns.push(
    { key: 'eachAmount', title: t(kind.columns.amount), align: 'right' },
    { key: 'remark', title: t('finance.col.remark') },
  );
  const rows = detail.map((d, index) => ({
    index: index + 1,
    billNumber: textOf(d.billNumber),
    needDebt: amount(d.needDebt),
    finishDebt: amount(d.finishDebt),
    accountName: textOf(d.accountName),
    inOutItemName: textOf(d.inOutItemName),
    eachAmount: amount(d.eachAmount),
    remark: textOf(d.remark),
  }));

  const totals: PrintableBill['totals'] = [];
  if (kind.account) totals.push({ label: t(kind.account.label), value: textOf(head.accountName) });
  if (kind.totalLabel) totals.push({ label: t(kind.totalLabel), value: amount(head.totalPrice) });
  if (kind.discount) totals.push({ label: t('finance.field.discountMoney'), value: amount(head.discountMoney) });
  totals.push({ label: t(kind.changeLabel), value: amount(head.changeAmount) });

  const footer: PrintableBill['footer'] = [{ label: t('finance.field.remark'), value: textOf(head.remark) }];
  return {
    company: company || undefined,
    title: t(kind.title),
    number: textOf(head.billNo),
    head: fields,
    columns,
    rows,
    totals,
    footer,
    // 收款单 and 收预付款 are handed to the customer or member who paid.
    thanks: kind.party?.url === '/supplier/findBySelect_cus' || kind.party?.url === '/supplier/findBySelect_retail',
  };
}
