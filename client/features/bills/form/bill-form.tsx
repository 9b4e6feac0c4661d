// The one stock bill form for all fourteen kinds, driven by the kind's constants: head (number, date, party,
// settlement account, salespeople, linked order), a scan field, the line grid and the money block. This file is the
// layout; the rest is beside it: what it opens with (bill-open.ts), the lines (use-bill-lines.ts), the money block
// (bill-money.ts), the scan field (use-bill-scan.ts), the keys on the form kit's model (bill-keys.ts) and the save's
// checks and body (bill-save.ts) sent through the form kit's save (use-form-save.ts: one save at a time; a refused
// save keeps everything and shows the backend's reason as it words it).
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Button, Form, Space, Spin, Tooltip } from 'antd';
import { DeleteOutlined, HistoryOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { materialByBarCode, type BillOptions } from './bill-api';
import { LinkPicker } from './link-picker';
import { BillHead } from './bill-head';
import { BillMoneyFields } from './bill-money-fields';
import { HISTORY_KINDS, HistoryBills } from './history-bills';
import { MANY_ACCOUNTS, ManyAccountsDialog, type ManyAccountsValue } from './many-accounts';
import { linkedBill, linkLocks } from './bill-link';
import type { BillFormKind, LinkSource } from './bill-form-kinds';
import { gridColumns, isBlankLine, lineFromMaterial, shortOfStock, type BillLine } from './bill-lines';
import { columnTotals, moneyFromChangeAmount, recalcLine, type AmountCell } from './bill-math';
import { moneyAfterTyped, moneyOf } from './bill-money';
import { billReads, sourceLines, type OpenedBill } from './bill-open';
import { billSaveStep } from './bill-save';
import { barCodeEnter, billKeys, focusAfter, type BillKeyParts } from './bill-keys';
import { useBillScan } from './use-bill-scan';
import { ScanField } from './scan-field';
import { warmScanAudio } from '../../../lib/scan-beep';
import { useBillLines } from './use-bill-lines';
import { MaterialPicker } from './material-picker';
import { ImportLinesButton, importsLines } from './import-lines';
import { useStockPick } from './stock-pick';
import './bill-form.css';
import type { CellProblem } from './line-checks';
import { useFormDraft } from '../../../components/form-kit/form-draft';
import { FormDialog, FormFooter, type BillFormProps } from '../../../components/form-kit/form-dialog';
import { focusFirstField, formKeyDown } from '../../../components/form-kit/form-keys';
import { askBeforeSave, useFormSave } from '../../../components/form-kit/use-form-save';
import { setChangedValues } from '../../../components/form-kit/form-values';
import { useOnLookAgain } from '../../../lib/look-again';
import { useAppFeedback } from '../../../lib/app-feedback';
import { textOf } from '../../../lib/text-of';
import { quantityText } from '../../../lib/number-format';

export type BillFormMode = 'add' | 'edit' | 'copy';

export interface BillTarget {
  mode: BillFormMode;
  /** The list row (edit, copy): its number loads the bill. */
  row?: Record<string, unknown>;
  /** 新增 taken over from this source bill's list row (转采购订单): linked as if picked in the form. */
  linkFrom?: Record<string, unknown>;
  /** A kept draft being restored: the form opens as the target says, then shows what was typed. */
  draft?: BillDraftContent;
}

/** What was typed into a bill form: its fields and its lines. */
export interface BillDraftContent {
  values: Record<string, unknown>;
  lines: BillLine[];
}

/** A bill form's draft: how it was opened and what was typed. */
export interface BillDraft extends BillDraftContent {
  target: Omit<BillTarget, 'draft'>;
}

interface Session {
  key: number;
  options: BillOptions;
  values: Record<string, unknown>;
  lines: BillLine[];
  head: Record<string, unknown> | null;
  /** The restored draft's fields, shown instead of `values` (which stay what an unchanged form holds). */
  restored?: Record<string, unknown>;
  /** A 新增's number on its way (bill-open.ts): filled in when it comes. */
  number?: Promise<string>;
}

let sessionCount = 0;

export function BillForm(props: BillFormProps<BillFormKind, BillTarget>) {
  const { kind, target, canAudit, onClose, onSaved, draftPage } = props;
  const t = useT();
  const { message, modal } = useAppFeedback();
  const [form] = Form.useForm();
  const [session, setSession] = useState<Session | null>(null);
  const [picker, setPicker] = useState<{ index: number; query: string } | null>(null);
  /** The source the open link picker lists (关联订单 / 关联单据 / 关联请购单), null when closed. */
  const [linking, setLinking] = useState<LinkSource | null>(null);
  /** 历史单据: open with the party chosen when it was pressed. */
  const [history, setHistory] = useState<{ organId: string | undefined } | null>(null);
  /** 多账户结算 open. Its accounts and amounts live in the form's store (manyAccounts), so a draft keeps them. */
  const [manyOpen, setManyOpen] = useState(false);
  const openManyAccounts = useCallback(() => setManyOpen(true), []);
  /** Saved: the form goes at once, without the closing animation, while the list asks for the saved bill. */
  const [closingSaved, setClosingSaved] = useState(false);
  const manyAccounts = Form.useWatch('manyAccounts', { form, preserve: true }) as ManyAccountsValue | undefined;
  // Shown only when not zero, so watched while it has no field.
  const deposit = Form.useWatch('deposit', { form, preserve: true }) as unknown;
  const linkNumber = Form.useWatch('linkNumber', form) as unknown;
  const linkApply = Form.useWatch('linkApply', form) as unknown;
  const locks = linkLocks(kind, linkNumber, linkApply);
  /** The chosen member's prepaid balance, shown in 预付款 (retail out). */
  const [advanceIn, setAdvanceIn] = useState<number | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  /** Marks where the grid ends: the money block (or 备注) starts after it. */
  const moneyStart = useRef<HTMLDivElement>(null);
  const mode = target?.mode ?? 'add';
  const linkField = kind.linkField ?? 'linkNumber';
  const options = session?.options;
  const taxIncluded = options?.taxIncluded ?? false;
  const defaultDepot = useMemo(() => {
    const depots = options?.depots ?? [];
    return (depots.length === 1 ? depots[0] : depots.find((d) => d.isDefault))?.value ?? '';
  }, [options]);

  const abandon = useEffectEvent((reason: string) => {
    setClosingSaved(false);
    message.warning(reason);
    onClose();
  });

  /** Out of the grid, forward: the money block, else 备注. */
  const leaveGrid = () => focusAfter(boxRef.current, moneyStart.current);

  const grid = useBillLines({
    kind,
    form,
    box: boxRef,
    taxIncluded,
    zeroChange: options?.zeroChange ?? false,
    defaultDepot,
  });
  const {
    lines,
    linesRef,
    problems,
    ceiling,
    shown,
    dropDraft,
    setCell,
    updateLines,
    addLine,
    removeLine,
    takeImported,
    focusAfterRender,
  } = grid;

  const organId = (): string => textOf(form.getFieldValue('organId'));

  const scan = useBillScan({
    kind,
    box: boxRef,
    linesRef,
    updateLines,
    dropQuantityText: (line) => dropDraft(line, 'operNumber'),
    defaultDepot,
    taxIncluded,
    organId,
    leaveGrid,
    refreshStock: grid.refreshStock,
  });
  // Looked at again (the window's focus back, a notice): the lines' stock as it is now.
  useOnLookAgain(() => grid.refreshStock(), target !== null);
  const { flashed: scanFlash, fieldBox: scanBox } = scan;

  const begin = useEffectEvent((opened: OpenedBill) => {
    setClosingSaved(false);
    grid.start(opened.shown);
    scan.reset();
    setAdvanceIn(
      opened.options.parties.find((p) => p.value === (opened.restored ?? opened.values).organId)?.advanceIn ?? null,
    );
    setSession({
      key: ++sessionCount,
      options: opened.options,
      values: opened.values,
      lines: opened.lines,
      head: opened.head,
      restored: opened.restored,
      ...(opened.number ? { number: opened.number } : {}),
    });
  });

  // Each opening loads the choices, a fresh number (新增, 复制) and the stored bill (编辑, 复制): bill-open.ts. Reads
  // that settled before the dialog opened (openBillWhenRead) are taken before the first paint: a layout effect.
  useLayoutEffect(() => {
    if (!target) return;
    let live = true;
    const settle = (opened: OpenedBill | null) => {
      if (opened) begin(opened);
      else abandon(t('bill.loadFailed'));
    };
    const { read, settled } = billReads(kind, target);
    if (settled) {
      if ('opened' in settled) settle(settled.opened);
      else onClose();
      return;
    }
    // Opening the form is what this effect is for: the form shows a spinner until the bill is loaded.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSession(null);
    read
      .then((opened) => {
        if (live) settle(opened);
      })
      .catch(() => {
        if (live) onClose();
      });
    return () => {
      live = false;
    };
  }, [target, kind, t, onClose]);

  useEffect(() => {
    // The first field takes the cursor unless the user already put it in the form (a scan into the scan field
    // right after the form opened must stay there).
    if (session) return focusFirstField(() => boxRef.current);
  }, [session]);

  // The fields the form filled in after it opened (a 新增's number), as an unchanged form holds them.
  const filled = useRef<Record<string, unknown>>({});
  // A 新增's number, once it comes, into its field: that field alone renders again. One typed meanwhile is kept; a
  // number that cannot be had leaves the field empty, which the save refuses (the failure is told by the HTTP client).
  useEffect(() => {
    filled.current = {};
    if (!session?.number) return;
    let live = true;
    session.number.then(
      (number) => {
        if (!live || !number || textOf(form.getFieldValue('number')) !== '') return;
        filled.current = { number, defaultNumber: number };
        form.setFields([
          { name: 'number', value: number, errors: [] },
          { name: 'defaultNumber', value: number },
        ]);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session, form]);

  // A sale's customer changed: every line is priced again for that customer (their last price, else wholesale).
  const repriceFor = async (organId: string) => {
    const priced = await Promise.all(
      lines.map(async (line) => {
        if (!line.barCode) return line;
        const hit = (await materialByBarCode(kind, line.barCode, organId, kind.depot ? line.depotId : ''))[0];
        if (!hit) return line;
        const taxRate = hit.taxRate === null || hit.taxRate === undefined ? line.taxRate : Number(hit.taxRate);
        return recalcLine(
          {
            ...line,
            unitPrice: hit.billPrice === null || hit.billPrice === undefined ? line.unitPrice : Number(hit.billPrice),
            taxRate,
          },
          'unitPrice',
          taxIncluded,
        );
      }),
    );
    updateLines(priced);
  };

  // A typed money field: the others follow by the original's formulas (the typed one keeps its text).
  const onValuesChange = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    // After this handler's own follow-up changes (the money block), so the draft holds them too.
    queueMicrotask(keepDraft);
    // 零售出库: a member with a prepaid balance (negative included) pays from it by default.
    if ('organId' in changed && kind.prefixNo === 'LSCK') {
      const member = options?.parties.find((p) => p.value === textOf(changed.organId));
      setAdvanceIn(member?.advanceIn ?? null);
      form.setFieldsValue({ payType: member?.advanceIn ? '预付款' : '现付' });
      return;
    }
    // 多账户 chosen: its dialog; another account: the bill is settled over that one alone again.
    if ('accountId' in changed) {
      if (changed.accountId === MANY_ACCOUNTS) setManyOpen(true);
      else form.setFieldsValue({ manyAccounts: undefined });
      return;
    }
    if ('organId' in changed && REPRICED.includes(kind.prefixNo) && changed.organId) {
      repriceFor(textOf(changed.organId)).catch(() => undefined);
      return;
    }
    const field = Object.keys(changed)[0];
    const rest = field ? moneyAfterTyped(kind, field, all, lines) : null;
    if (rest) setChangedValues(form, rest);
  };

  /** A barcode typed in a line's cell (or picked): the line takes the product; unknown text opens the picker. */
  const resolveLine = async (index: number, code: string, openPicker: boolean) => {
    const line = lines[index];
    if (!line) return;
    try {
      const hits = await materialByBarCode(kind, code, organId(), kind.depot ? line.depotId : '');
      if (hits.length === 0) {
        if (openPicker) setPicker({ index, query: code });
        else message.warning(t('bill.barCodeUnknown'));
        return;
      }
      const filled = lineFromMaterial(
        hits[0]!,
        { ...line, depotId: line.depotId || (kind.depot ? defaultDepot : '') },
        taxIncluded,
      );
      focusAfterRender(line.key, 'operNumber', true);
      updateLines(lines.map((l, i) => (i === index ? filled : l)));
    } catch {
      // Reported by the HTTP client.
    }
  };

  /** A linked bill chosen: its lines (what is left of them) and its party, discount, account and remark. */
  const link = async (row: Record<string, unknown>) => {
    setLinking(null);
    try {
      const taken = linkedBill(kind, row, await sourceLines(kind, row), kind.depot ? defaultDepot : '', taxIncluded);
      form.setFieldsValue(taken.values);
      const linked = taken.lines.some((l) => !isBlankLine(l));
      // The picker closes and takes the focus with it: the cursor goes to the first quantity (the usual change to a
      // linked bill, a partial receipt), so the keyboard keeps working there (Ctrl+S included).
      focusAfterRender(taken.lines[0]!.key, linked ? 'operNumber' : 'barCode', linked);
      updateLines(taken.lines);
    } catch {
      // Reported by the HTTP client.
    }
  };

  // 出入库管理 leaves a 采购/采购退货/销售/销售退货 bill's serial and batch numbers to the 其它 bills.
  const serialsOn = (line: BillLine): boolean => line.enableSerialNumber && !options?.inOutManage;
  const batchOn = (line: BillLine): boolean => line.enableBatchNumber && !options?.inOutManage;
  // 序列号 / 批号 / 有效期 take room only when a line of the bill needs them (a serial or batch product).
  const columns = gridColumns(kind, lines.some(serialsOn), lines.some(batchOn));
  const stockPick = useStockPick({
    lines,
    editing: mode === 'edit',
    taxIncluded,
    box: boxRef,
    onLine: (next) => {
      focusAfterRender(next.key, 'operNumber', true);
      updateLines(lines.map((l) => (l.key === next.key ? next : l)));
    },
  });

  const isDirty = (): boolean => {
    if (!session) return false;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const plain = (v: Record<string, unknown>) =>
      JSON.stringify(v, (k, x: unknown) => (k === 'operTime' ? undefined : x));
    return (
      plain(values) !== plain({ ...session.values, ...filled.current }) ||
      JSON.stringify(lines) !== JSON.stringify(session.lines)
    );
  };

  const title = t(mode === 'add' ? 'bill.addTitle' : mode === 'edit' ? 'bill.editTitle' : 'bill.copyTitle', {
    kind: t(kind.exportTitle),
  });
  // Every change of the lines (typed, scanned, linked, priced: watched) and of the fields (onValuesChange) is kept
  // at once.
  const { close, keepDraft, requestClose } = useFormDraft({
    page: draftPage,
    title,
    isOpen: () => target !== null && session !== null,
    isDirty,
    content: () => {
      const { draft: _restored, ...opened } = target!;
      return {
        target: opened,
        values: form.getFieldsValue(true) as Record<string, unknown>,
        lines,
      } satisfies BillDraft;
    },
    onClose,
    watched: lines,
  });

  const cellInput = (key: string, cell: string) =>
    boxRef.current?.querySelector<HTMLInputElement>(`[data-line="${key}"][data-cell="${cell}"]`);

  const { save, saving } = useFormSave<Record<string, unknown>, ['0' | '1']>({
    form,
    first: () => {
      const wrong = problems[0];
      return wrong ? { refuse: problemText(wrong), focus: () => cellInput(wrong.key, wrong.cell)?.focus() } : null;
    },
    prepare: (values, status) =>
      session
        ? billSaveStep({
            kind,
            editing: mode === 'edit',
            headId: session.head?.id,
            values: { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values },
            lines,
            status,
            t,
            // 收款金额 below 单据金额 (a negative 找零): saved only when the user says so; the default answer goes back.
            confirmShortPayment: (paid, due) =>
              askBeforeSave(modal, {
                title: t('entry.retailShortTitle'),
                content: t('entry.retailShortContent', { paid, due }),
                okText: t('entry.retailShortSave'),
                cancelText: t('entry.retailShortBack'),
                onBack: () =>
                  requestAnimationFrame(() =>
                    boxRef.current?.querySelector<HTMLInputElement>('input#getAmount')?.focus(),
                  ),
              }),
          })
        : null,
    saved: () => {
      setClosingSaved(true);
      close();
      onSaved();
    },
  });

  const keyParts: BillKeyParts = {
    box: boxRef,
    lines,
    linesLocked: locks.linesLocked,
    leaveGrid,
    addLine: () => addLine(),
    openPicker: (index, query) => setPicker({ index, query }),
    resolveLine: (index, code) => void resolveLine(index, code, true),
    scan,
    takeDate: (date) => form.setFieldValue('operTime', date),
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) =>
    formKeyDown(e, boxRef.current, {
      save: () => void save('0'),
      requestClose,
      ...billKeys(keyParts),
    });

  const totals = columnTotals(lines);
  const depots = options?.depots ?? [];

  const amountCell = (line: BillLine, index: number, cell: AmountCell, rowEnd = false) => {
    const problem = problems.find((p) => p.key === line.key && p.cell === cell);
    return (
      <input
        className={`ant-input bill-cell num${problem ? ' ant-input-status-error' : ''}`}
        aria-label={`${t(CELL_TITLE[cell])} ${index + 1}`}
        data-line={line.key}
        data-cell={cell}
        data-row-end={rowEnd ? 'true' : undefined}
        inputMode="decimal"
        value={shown(line, cell)}
        aria-invalid={problem ? true : undefined}
        title={problem ? problemText(problem) : undefined}
        onChange={(e) => setCell(index, cell, e.target.value)}
        onBlur={() => {
          if (!problem) dropDraft(line, cell);
        }}
      />
    );
  };
  const problemText = (p: CellProblem) =>
    t(p.rule, {
      row: p.index + 1,
      column: t(CELL_TITLE[p.cell]),
      value: shown(lines[p.index]!, p.cell).trim(),
      max: ceiling,
      problem: p.reason ? t(p.reason.key, p.reason.params) : '',
    });
  const textCell = (
    line: BillLine,
    index: number,
    cell: 'remark' | 'snList' | 'batchNumber' | 'expirationDate',
    title: MessageKey,
    enabled = true,
    rowEnd = false,
  ) => (
    <input
      className="ant-input bill-cell"
      aria-label={`${t(title)} ${index + 1}`}
      data-line={line.key}
      data-cell={cell}
      data-row-end={rowEnd ? 'true' : undefined}
      disabled={!enabled}
      value={line[cell]}
      onChange={(e) => setCell(index, cell, e.target.value)}
    />
  );
  const depotCell = (line: BillLine, index: number, cell: 'depotId' | 'anotherDepotId', title: MessageKey) => (
    <select
      className="ant-input bill-cell"
      aria-label={`${t(title)} ${index + 1}`}
      data-line={line.key}
      data-cell={cell}
      value={line[cell]}
      onChange={(e) => setCell(index, cell, e.target.value)}
    >
      <option value="" />
      {depots.map((d) => (
        <option key={d.value} value={d.value}>
          {d.label}
        </option>
      ))}
    </select>
  );

  const content = session ? (
    <div ref={boxRef} onKeyDownCapture={onKeyDown} className="bill-form">
      <Form
        key={session.key}
        form={form}
        initialValues={session.restored ?? session.values}
        onValuesChange={onValuesChange}
        layout="vertical"
        autoComplete="off"
        clearOnDestroy
      >
        <BillHead
          kind={kind}
          options={options}
          partyLocked={locks.partyLocked}
          linkField={linkField}
          hasLink={Boolean(session.values[linkField])}
          hasSaleLink={Boolean(session.values.linkNumber)}
          advanceIn={advanceIn}
          onLinking={setLinking}
        />
        {locks.linesLocked ? null : (
          <div className="bill-scan" ref={scanBox}>
            <label htmlFor={`bill-scan-${session.key}`}>{t('bill.scan')}</label>
            <ScanField
              key={`field-${session.key}`}
              id={`bill-scan-${session.key}`}
              placeholder={t('bill.scanHint')}
              onScan={scan.scan}
              onFocus={warmScanAudio}
            />
            {scanFlash ? (
              <span
                key={scanFlash.seq}
                role="status"
                className={`bill-scan-flash ${scanFlash.found ? 'found' : 'missing'}`}
              >
                {scanFlash.text}
              </span>
            ) : null}
          </div>
        )}
        {HISTORY_KINDS.has(kind.name) ? (
          <div className="bill-tools">
            <Button
              size="small"
              icon={<HistoryOutlined />}
              tabIndex={-1}
              onClick={() =>
                setHistory({ organId: (form.getFieldValue('organId') as string | undefined) || undefined })
              }
            >
              {t('historyBills.title')}
            </Button>
          </div>
        ) : null}
        <div className="bill-grid-box">
          <table className="bill-grid" aria-label={t('bill.lines')}>
            <thead>
              <tr>
                <th className="index">#</th>
                {kind.assembly ? <th>{t('bill.mType')}</th> : null}
                {kind.depot ? <th className="req">{t('col.depotName')}</th> : null}
                <th className="req">{t('col.barCode')}</th>
                <th className="name">{t('col.name')}</th>
                <th>{t('col.standard')}</th>
                <th>{t('col.model')}</th>
                <th>{t('bill.stock')}</th>
                {kind.anotherDepot ? <th>{t('col.depotIn')}</th> : null}
                <th>{t('col.unit')}</th>
                {columns.serial ? <th>{t('bill.snList')}</th> : null}
                {columns.batch ? (
                  <>
                    <th>{t('bill.batchNumber')}</th>
                    <th>{t('bill.expirationDate')}</th>
                  </>
                ) : null}
                <th className="req">{t('col.quantity')}</th>
                {kind.price ? (
                  <>
                    <th>{t('col.unitPrice')}</th>
                    <th>{t('bill.amount')}</th>
                  </>
                ) : null}
                {kind.tax ? (
                  <>
                    <th>{t('col.taxRate')}</th>
                    <th>{t('col.taxMoney')}</th>
                    <th>{t('bill.taxLastMoney')}</th>
                  </>
                ) : null}
                <th>{t('col.remark')}</th>
                <th>
                  <span className="visually-hidden">{t('table.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => {
                const short = kind.stockOut && shortOfStock(line);
                return (
                  <tr
                    key={line.key}
                    data-flash={scanFlash?.found && scanFlash.key === line.key ? scanFlash.seq : undefined}
                    className={
                      [
                        short ? 'short' : '',
                        scanFlash?.found && scanFlash.key === line.key ? `scanned-${scanFlash.seq % 2}` : '',
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                  >
                    <td className="index">{index + 1}</td>
                    {kind.assembly ? (
                      <td data-title={t('bill.mType')}>
                        {line.mType === '组合件' ? t('bill.assembled') : t('bill.component')}
                      </td>
                    ) : null}
                    {kind.depot ? (
                      <td data-title={t('col.depotName')}>{depotCell(line, index, 'depotId', 'col.depotName')}</td>
                    ) : null}
                    <td className="barcode" data-title={t('col.barCode')}>
                      <input
                        className="ant-input bill-cell"
                        aria-label={`${t('col.barCode')} ${index + 1}`}
                        data-line={line.key}
                        data-cell="barCode"
                        data-enter="own"
                        defaultValue={line.barCode}
                        key={`${line.key}:${line.barCode}`}
                        readOnly={locks.linesLocked}
                        onKeyDown={(e) => barCodeEnter(keyParts, index, e)}
                      />
                      {locks.linesLocked ? null : (
                        <Button
                          size="small"
                          type="text"
                          tabIndex={-1}
                          icon={<SearchOutlined />}
                          aria-label={t('bill.picker')}
                          onClick={() => setPicker({ index, query: '' })}
                        />
                      )}
                    </td>
                    <td className="name" data-title={t('col.name')}>
                      {line.name}
                    </td>
                    <td className="text" data-title={t('col.standard')}>
                      {line.standard}
                    </td>
                    <td className="text" data-title={t('col.model')}>
                      {line.model}
                    </td>
                    <td className="num" data-title={t('bill.stock')}>
                      {short ? (
                        <Tooltip title={t('bill.stockShort')}>
                          <span className="stock-short">
                            {quantityText(line.stock)} {t('bill.stockShort')}
                          </span>
                        </Tooltip>
                      ) : (
                        quantityText(line.stock)
                      )}
                    </td>
                    {kind.anotherDepot ? (
                      <td data-title={t('col.depotIn')}>{depotCell(line, index, 'anotherDepotId', 'col.depotIn')}</td>
                    ) : null}
                    <td className="unit" data-title={t('col.unit')}>
                      {line.unit}
                    </td>
                    {columns.serial ? (
                      <td data-title={t('bill.snList')} className={serialsOn(line) ? undefined : 'unused'}>
                        {kind.serials === 'out'
                          ? stockPick.cell(line, index, 'snList', serialsOn(line))
                          : textCell(line, index, 'snList', 'bill.snList', serialsOn(line))}
                      </td>
                    ) : null}
                    {columns.batch ? (
                      <>
                        <td data-title={t('bill.batchNumber')} className={batchOn(line) ? undefined : 'unused'}>
                          {kind.serials === 'out'
                            ? stockPick.cell(line, index, 'batchNumber', batchOn(line))
                            : textCell(line, index, 'batchNumber', 'bill.batchNumber', batchOn(line))}
                        </td>
                        <td data-title={t('bill.expirationDate')} className={batchOn(line) ? undefined : 'unused'}>
                          {textCell(
                            line,
                            index,
                            'expirationDate',
                            'bill.expirationDate',
                            batchOn(line) && kind.serials === 'in',
                          )}
                        </td>
                      </>
                    ) : null}
                    <td className="quantity" data-title={t('col.quantity')}>
                      {amountCell(line, index, 'operNumber')}
                    </td>
                    {kind.price ? (
                      <>
                        <td className="money" data-title={t('col.unitPrice')}>
                          {amountCell(line, index, 'unitPrice')}
                        </td>
                        <td className="money" data-title={t('bill.amount')}>
                          {amountCell(line, index, 'allPrice')}
                        </td>
                      </>
                    ) : null}
                    {kind.tax ? (
                      <>
                        <td className="rate" data-title={t('col.taxRate')}>
                          {amountCell(line, index, 'taxRate')}
                        </td>
                        <td className="num" data-title={t('col.taxMoney')}>
                          {textOf(line.taxMoney)}
                        </td>
                        <td className="money" data-title={t('bill.taxLastMoney')}>
                          {amountCell(line, index, 'taxLastMoney')}
                        </td>
                      </>
                    ) : null}
                    <td className="remark" data-title={t('col.remark')}>
                      {textCell(line, index, 'remark', 'col.remark', true, true)}
                    </td>
                    <td className="actions">
                      <Button
                        size="small"
                        type="text"
                        danger
                        tabIndex={-1}
                        icon={<DeleteOutlined />}
                        aria-label={`${t('bill.removeLine')} ${index + 1}`}
                        onClick={() => removeLine(index)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <td>{t('table.totals')}</td>
                <td colSpan={99} className="totals">
                  <span>
                    {t('col.quantity')}: <b data-total="operNumber">{totals.operNumber}</b>
                  </span>
                  {kind.price ? (
                    <span>
                      {t('bill.amount')}: <b data-total="allPrice">{totals.allPrice}</b>
                    </span>
                  ) : null}
                  {kind.tax ? (
                    <span>
                      {t('col.taxMoney')}: <b data-total="taxMoney">{totals.taxMoney}</b>
                    </span>
                  ) : null}
                  {kind.tax ? (
                    <span>
                      {t('bill.taxLastMoney')}: <b data-total="taxLastMoney">{totals.taxLastMoney}</b>
                    </span>
                  ) : null}
                </td>
              </tr>
            </tfoot>
          </table>
          {locks.linesLocked ? null : (
            <Space size="small">
              <Button size="small" type="dashed" icon={<PlusOutlined />} tabIndex={-1} onClick={() => addLine()}>
                {t('bill.addLine')}
              </Button>
              {importsLines(kind.prefixNo) ? (
                <ImportLinesButton prefixNo={kind.prefixNo} onLines={takeImported} />
              ) : null}
            </Space>
          )}
        </div>
        {/* Outside the grid's scroll box: seen whatever column the grid is scrolled to. */}
        {problems.length > 0 ? (
          <ul className="bill-cell-problems" role="alert">
            {problems.map((p) => (
              <li key={`${p.key}:${p.cell}`}>{problemText(p)}</li>
            ))}
          </ul>
        ) : null}
        <div ref={moneyStart} />
        <BillMoneyFields
          kind={kind}
          options={options}
          deposit={deposit}
          manyAccounts={manyAccounts}
          onManyAccounts={openManyAccounts}
        />
      </Form>
      {manyOpen ? (
        <ManyAccountsDialog
          accounts={options?.accounts ?? []}
          value={manyAccounts ?? null}
          onOk={(value, sum) => {
            setManyOpen(false);
            form.setFieldsValue({ manyAccounts: value, changeAmount: sum });
            // The payment is the accounts' sum; what is left is owed, as a typed 本次付款.
            if (kind.money === 'full')
              form.setFieldsValue({
                debt: moneyFromChangeAmount(moneyOf(form.getFieldsValue(true) as Record<string, unknown>)).debt,
              });
            keepDraft();
          }}
          onCancel={() => {
            setManyOpen(false);
            // Nothing settled yet: 结算账户 is to choose again (the save asks for it).
            if (!manyAccounts?.ids.length) form.setFieldsValue({ accountId: undefined });
          }}
        />
      ) : null}
      {history ? (
        <HistoryBills
          kind={kind}
          organId={history.organId}
          parties={options?.parties ?? []}
          onClose={() => setHistory(null)}
        />
      ) : null}
      {linking ? (
        <LinkPicker source={linking} onClose={() => setLinking(null)} onPick={(row) => void link(row)} />
      ) : null}
      {stockPick.dialog}
      {picker ? (
        <MaterialPicker
          open
          query={picker.query}
          depotId={lines[picker.index]?.depotId ?? ''}
          onClose={() => {
            const key = lines[picker.index]?.key;
            setPicker(null);
            requestAnimationFrame(() =>
              boxRef.current?.querySelector<HTMLInputElement>(`[data-line="${key}"][data-cell="barCode"]`)?.focus(),
            );
          }}
          onPick={(code) => {
            setPicker(null);
            void resolveLine(picker.index, code, false);
          }}
        />
      ) : null}
    </div>
  ) : (
    <div style={{ textAlign: 'center', padding: 24 }}>
      <Spin />
    </div>
  );

  return (
    <FormDialog
      open={target !== null}
      title={title}
      width="90%"
      style={{ maxWidth: 1400, top: 24 }}
      requestClose={requestClose}
      // The pickers and dialogs opened inside the form take their own Esc.
      escapeAsks={false}
      closingAtOnce={closingSaved}
      footer={
        <FormFooter
          requestClose={requestClose}
          saving={saving}
          onSave={() => void save('0')}
          audit={canAudit ? { label: 'bill.saveAudit', onSave: () => void save('1') } : null}
        />
      }
    >
      {content}
    </FormDialog>
  );
}

/** The kinds whose line prices depend on the customer. */
const REPRICED = ['XSDD', 'XSCK', 'XSTH', 'QTCK'];

const CELL_TITLE: Record<AmountCell, MessageKey> = {
  operNumber: 'col.quantity',
  unitPrice: 'col.unitPrice',
  allPrice: 'bill.amount',
  taxRate: 'col.taxRate',
  taxLastMoney: 'bill.taxLastMoney',
};
