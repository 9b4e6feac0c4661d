// A bill's save, after its cells' numbers (line-checks.ts, checked before the fields) and its fields validated: the
// checks of the lines (a line's product and depot, a serial count) and of a retail bill taking less than its amount (asked first), then the write. React-free; the form
// kit's useFormSave sends it and keeps the form on a refusal.
import type { Dayjs } from 'dayjs';
import type { useT } from '../../../lib/i18n/use-t';
import type { SaveStep } from '../../../components/form-kit/use-form-save';
import type { BillFormKind } from './bill-form-kinds';
import { billBody, lineProblem, type BillHead, type BillLine } from './bill-lines';
import { num } from './bill-math';
import { moneyOf } from './bill-money';
import { MANY_ACCOUNTS, type ManyAccountsValue } from './many-accounts';
import { serialCountMismatch } from './serials';
import { textOf } from '../../../lib/text-of';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const ADD_URL = '/depotHead/addDepotHeadAndDetail';
export const UPDATE_URL = '/depotHead/updateDepotHeadAndDetail';

export interface BillSave {
  kind: BillFormKind;
  editing: boolean;
  /** The stored bill's id (编辑). */
  headId: unknown;
  /** Every field of the form, the validated ones included. */
  values: Record<string, unknown>;
  lines: readonly BillLine[];
  status: '0' | '1';
  /** 零售出库 paid less than its amount: true when the user says save anyway. */
  confirmShortPayment: (paid: number, due: number) => Promise<boolean>;
  t: ReturnType<typeof useT>;
}

export async function billSaveStep(s: BillSave): Promise<SaveStep> {
  const { kind, values: all, lines, t } = s;
  const problem = lineProblem(kind, lines);
  if (problem) return { refuse: t(problem.problem) };
  if (
    kind.prefixNo === 'LSCK' &&
    textOf(all.payType) !== '预付款' &&
    num(all.getAmount) < num(all.changeAmount) &&
    !(await s.confirmShortPayment(num(all.getAmount), num(all.changeAmount)))
  )
    return null;
  const mismatch = serialCountMismatch(lines);
  if (mismatch) return { refuse: t('serialPicker.countMismatch', { barCode: mismatch.barCode }) };
  const head: BillHead = {
    id: s.editing ? s.headId : undefined,
    number: textOf(all.number),
    defaultNumber: textOf(all.defaultNumber) || textOf(all.number),
    operTime: (all.operTime as Dayjs | undefined)?.format(TIME_FORMAT) ?? '',
    organId: textOf(all.organId),
    accountId: textOf(all.accountId),
    salesMan: (all.salesMan as string[] | undefined) ?? [],
    payType: textOf(all.payType),
    linkNumber: textOf(all.linkNumber),
    linkApply: textOf(all.linkApply),
    remark: textOf(all.remark),
    fileName: (all.fileName as string[] | undefined) ?? [],
    ...(textOf(all.accountId) === MANY_ACCOUNTS
      ? { accountId: '', manyAccounts: (all.manyAccounts as ManyAccountsValue | undefined) ?? { ids: [], amounts: [] } }
      : {}),
  };
  const body = billBody(kind, head, moneyOf(all), lines, s.status);
  return { write: s.editing ? { url: UPDATE_URL, method: 'put', body } : { url: ADD_URL, method: 'post', body } };
}
