// What a bill form opens with: the choices, a fresh number (新增, 复制), the stored bill (编辑, 复制) or the bill it is taken
// over from (转采购订单), and a kept draft over it. The choices, a 新增's number and the stored head go out together (none
// needs another's answer); a copy asks for its number only once its head is found, so a bill that cannot be opened uses
// up no number. A 新增 takes the number the list drew ahead (lib/backend/number-reserve) and opens on it at once; without
// one it waits for its number NUMBER_WAIT_MS at most, the page's first form too: one that comes in time opens in the
// form's one paint; a later one is filled in when it comes, the form rendered meanwhile (across a WAN the round trip
// was most of the opening; on a LAN a paint of the form without it cost more than the wait). Where the link's round
// trip alone is longer than the wait (lib/answer-times: the quickest recent answer, e.g. across a WAN), the number
// cannot come in time and is not waited for: the form renders while it travels.
import dayjs from 'dayjs';
import { billHead, billLines, buildNumber, loadBillOptions, prefixedNumber, type BillOptions } from './bill-api';
import { isSaleLink, linkedBill } from './bill-link';
import type { BillFormKind } from './bill-form-kinds';
import { emptyLine, lineFromDetail, type BillLine } from './bill-lines';
import { debtOnOpen, num } from './bill-math';
import { MONEY_FIELDS, moneyAfterLines, moneyOf } from './bill-money';
import { MANY_ACCOUNTS } from './many-accounts';
import { storedFiles } from '../../../components/form-kit/stored-files';
import { roundTripMs } from '../../../lib/answer-times';
import { takeDrawnNumber } from '../../../lib/backend/number-reserve';
import { openWhenSettled } from '../../../lib/open-when-settled';
import type { BillTarget } from './bill-form';
import { textOf } from '../../../lib/text-of';

export interface OpenedBill {
  options: BillOptions;
  /** The fields as an unchanged form holds them. */
  values: Record<string, unknown>;
  /** The lines as an unchanged form holds them. */
  lines: BillLine[];
  head: Record<string, unknown> | null;
  /** The restored draft's fields, shown instead of `values`. */
  restored?: Record<string, unknown>;
  /** The lines shown: the draft's, else `lines`. */
  shown: BillLine[];
  /** A 新增's number, still on its way: `values` (and `restored`) hold '' until the form fills it in. */
  number?: Promise<string>;
}

/** A source bill's lines as the link reads them: a 销售订单 for 以销定购 with linkType=purchase, others basic. */
export const sourceLines = (kind: BillFormKind, row: Record<string, unknown>) =>
  billLines(row.id, false, isSaleLink(kind, row) ? 'purchase' : 'basic');

/** How long a 新增 waits for its number before the form opens without it. */
export const NUMBER_WAIT_MS = 30;

/** How long 新增, 编辑 and 复制 wait for the bill before the form opens on a spinner. */
export const OPEN_WAIT_MS = 200;

/** An opening's reads and, once they have settled, their outcome. */
export interface BillReads {
  read: Promise<OpenedBill | null>;
  settled?: { opened: OpenedBill | null } | { failed: true };
}

/** The reads openBillWhenRead started, by the target they open (a target is one opening). */
const startedReads = new WeakMap<BillTarget, BillReads>();

/**
 * 新增, 编辑, 复制: the opening's reads start now, and `open` runs once they have answered, or after OPEN_WAIT_MS if
 * they have not (lib/open-when-settled): a bill read in time opens in one paint with its fields and lines.
 */
export function openBillWhenRead(kind: BillFormKind, target: BillTarget, open: () => void): void {
  const reads: BillReads = { read: openBill(kind, target) };
  startedReads.set(target, reads);
  openWhenSettled(reads.read, OPEN_WAIT_MS, open);
  reads.read.then(
    (bill) => {
      reads.settled = { opened: bill };
    },
    () => {
      reads.settled = { failed: true };
    },
  );
}

/** The reads of the opening of `target`: those openBillWhenRead started, else new ones. */
export function billReads(kind: BillFormKind, target: BillTarget): BillReads {
  return startedReads.get(target) ?? { read: openBill(kind, target) };
}

/** The bill to open; null when the stored bill cannot be read. */
export async function openBill(kind: BillFormKind, target: BillTarget): Promise<OpenedBill | null> {
  // A restored draft keeps the number it was typed with; one typed before its number came gets one now: the one drawn
  // ahead, else one asked for beside the choices.
  const wantsNumber = target.mode === 'add' && !textOf(target.draft?.values.number);
  const drawnAhead = wantsNumber ? prefixedNumber(kind.prefixNo, takeDrawnNumber()) : '';
  const number = wantsNumber && !drawnAhead ? buildNumber(kind.prefixNo) : undefined;
  // Told by the form that takes it; one that never opens (its choices failed) leaves no unhandled rejection.
  number?.catch(() => undefined);
  const [opts, storedHead] = await Promise.all([
    loadBillOptions(kind),
    target.mode === 'add' ? Promise.resolve(null) : billHead(textOf(target.row?.number)),
  ]);
  const values: Record<string, unknown> = {
    operTime: dayjs(),
    number: '',
    defaultNumber: '',
    organId: undefined,
    salesMan: [],
    payType: '现付',
    linkNumber: '',
    linkApply: '',
    remark: '',
    fileName: [],
    accountId: opts.accounts.find((a) => a.isDefault)?.value,
    ...Object.fromEntries(MONEY_FIELDS.map((f) => [f, 0])),
  };
  let loaded: BillLine[] = [];
  let head: Record<string, unknown> | null = null;
  if (target.mode !== 'add') {
    head = storedHead;
    if (!head) return null;
    loaded = (await billLines(head.id)).map(lineFromDetail);
    Object.assign(values, {
      operTime: head.operTimeStr ? dayjs(textOf(head.operTimeStr)) : dayjs(),
      number: textOf(head.number),
      defaultNumber: textOf(head.defaultNumber),
      organId: head.organId == null ? undefined : textOf(head.organId),
      accountId: head.accountId == null ? undefined : textOf(head.accountId),
      salesMan: textOf(head.salesMan).split(',').filter(Boolean),
      payType: textOf(head.payType) || '现付',
      linkNumber: textOf(head.linkNumber),
      linkApply: textOf(head.linkApply),
      remark: textOf(head.remark),
      fileName: storedFiles(head.fileName),
      discount: num(head.discount),
      discountMoney: num(head.discountMoney),
      discountLastMoney: num(head.discountLastMoney),
      otherMoney: num(head.otherMoney),
      deposit: num(head.deposit),
      changeAmount: Math.abs(num(head.changeAmount)),
      backAmount: num(head.backAmount),
    });
    // A bill settled over several accounts has no accountId: it opens on 多账户 with its accounts and amounts.
    if (head.accountId == null && textOf(head.accountIdList) !== '') {
      const ids = textOf(head.accountIdList).split(',').filter(Boolean);
      const amounts = textOf(head.accountMoneyList)
        .split(',')
        .map((a) => Math.abs(num(a)));
      Object.assign(values, { accountId: MANY_ACCOUNTS, manyAccounts: { ids, amounts } });
    }
    values.debt = debtOnOpen(moneyOf(values));
    values.getAmount = num(values.changeAmount) + num(values.backAmount);
  }
  if (target.mode === 'copy') {
    const copyNumber = await buildNumber(kind.prefixNo);
    // A copy is a new bill: it links nothing and deducts no deposit.
    Object.assign(values, {
      number: copyNumber,
      defaultNumber: copyNumber,
      operTime: dayjs(),
      linkNumber: '',
      linkApply: '',
      deposit: 0,
    });
  }
  const firstDepot = (opts.depots.length === 1 ? opts.depots[0] : opts.depots.find((d) => d.isDefault))?.value ?? '';
  if (target.mode === 'add' && target.linkFrom && !target.draft) {
    const taken = linkedBill(
      kind,
      target.linkFrom,
      await sourceLines(kind, target.linkFrom),
      kind.depot ? firstDepot : '',
      opts.taxIncluded,
    );
    Object.assign(values, taken.values);
    loaded = taken.lines;
    if (kind.money !== 'none') Object.assign(values, moneyAfterLines(kind, moneyOf(values), loaded, opts.zeroChange));
  }
  if (loaded.length === 0) loaded = [emptyLine(kind.depot ? firstDepot : '')];
  const restored = target.draft ? { ...values, ...target.draft.values } : undefined;
  const shown = target.draft && target.draft.lines.length > 0 ? target.draft.lines : loaded;
  const opened: OpenedBill = { options: opts, values, lines: loaded, head, restored, shown };
  const fillNumber = (given: string) => {
    for (const fields of restored ? [values, restored] : [values])
      Object.assign(fields, { number: given, defaultNumber: given });
  };
  if (drawnAhead) fillNumber(drawnAhead);
  if (!number) return opened;
  const roundTrip = roundTripMs();
  if (roundTrip !== undefined && roundTrip > NUMBER_WAIT_MS) return { ...opened, number };
  const inTime = await Promise.race([
    number.then(
      (given) => ({ given }),
      () => ({ given: '' }),
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), NUMBER_WAIT_MS)),
  ]);
  if (inTime === null) return { ...opened, number };
  // In time (or refused: the field stays empty, which the save refuses; the HTTP client has told the failure).
  fillNumber(inTime.given);
  return opened;
}
