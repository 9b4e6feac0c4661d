// The one stock bill form for all fourteen kinds, driven by the kind's constants: head (number, date, party,
// settlement account, salespeople, linked order), a scan field, the line grid and the money block. Keyboard
// first: Enter walks every field and cell (the last cell of a filled last line adds a line; Enter on an empty line,
// or Ctrl+↓ anywhere in the grid, goes on to the money block), a barcode typed in the scan field adds or increments
// its line while the scan field keeps the cursor (scans queue, so a scan gun's burst lands line by line; F2 edits the
// quantity), Ctrl+S / Ctrl+Enter save, Esc asks before dropping changes. Numbers are checked as typed (the cell is
// marked and a save refused with the reason). One save at a time; a refused save keeps everything and shows the
// backend's reason as it words it.
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Spin, Tooltip } from 'antd';
import { DeleteOutlined, FolderOutlined, HistoryOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { sendSave } from '../../../components/form-kit/send-save';
import { billHead, billLines, buildNumber, loadBillOptions, materialByBarCode, stockOf, type BillOptions } from './bill-api';
import { LinkPicker } from './link-picker';
import { LinkField } from './link-field';
import { HISTORY_KINDS, HistoryBills } from './history-bills';
import { MANY_ACCOUNTS, ManyAccountsDialog, type ManyAccountsValue } from './many-accounts';
import { isSaleLink, linkedBill, linkLocks } from './bill-link';
import { accountTitle, changeTitle, partyTitle, type BillFormKind, type LinkSource } from './bill-form-kinds';
import {
  applyScan, assemblyTypes, billBody, gridColumns, billTotal, emptyLine, isBlankLine, lineFromDetail, lineFromMaterial, lineProblem, shortOfStock, type BillHead, type BillLine,
} from './bill-lines';
import {
  columnTotals, debtOnOpen, MONEY_PATTERN, moneyFromChangeAmount, moneyFromDeposit, moneyFromDiscountMoney, moneyFromOtherMoney,
  moneyFromTotal, num, recalcLine, retailChange, retailFromTotal, type AmountCell, type MoneyBlock,
} from './bill-math';
import { MaterialPicker } from './material-picker';
import { ImportLinesButton, importsLines, type ImportedLine } from './import-lines';
import { scanSerial, serialCountMismatch, withTypedSerials } from './serials';
import { useStockPick } from './stock-pick';
import './bill-form.css';
import { useCloseGuard } from '../../../components/form-kit/use-close-guard';
import { useBackCloses } from '../../../lib/use-back-closes';
import { commitTypedDate } from '../../../components/form-kit/typed-date';
import { loadSettings } from '../../../lib/settings';
import { storage } from '../../../lib/storage';
import { primeScanAudio, scanBeep } from '../../../lib/scan-beep';
import { cellProblems, type CellProblem } from './line-checks';
import { FileUpload } from '../../../components/form-kit/file-upload';
import { storedFiles } from '../../../components/form-kit/stored-files';
import { useDraftKeeper } from '../../../components/form-kit/form-draft';

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
}

const MONEY_FIELDS = ['discount', 'discountMoney', 'discountLastMoney', 'otherMoney', 'deposit', 'changeAmount', 'debt', 'getAmount', 'backAmount'] as const;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The backend refuses a bill with more (8500025). */
const MAX_ATTACHMENTS = 4;
// 附件's upload is reached by its button (antd drops the trigger's own tab stop when it holds a button).
const FOCUSABLE = 'input:not([type=hidden]):not([type=file]), textarea, select, .ant-upload button, .ant-upload[role=button][tabindex="0"]';
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const abs = (v: unknown): number => Math.abs(num(v));

let sessionCount = 0;

function controlsIn(box: HTMLElement | null): HTMLElement[] {
  return Array.from(box?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((el) => {
    const input = el as HTMLInputElement;
    if (input.disabled) return false;
    // Read-only fields are skipped, except selects and the cells that open a picker (序列号 / 批号 on out-bills).
    if (input.readOnly && el.getAttribute('role') !== 'combobox' && el.dataset.pick === undefined) return false;
    return el.tabIndex >= 0;
  });
}

function moneyOf(values: Record<string, unknown>): MoneyBlock {
  const m = {} as MoneyBlock;
  for (const f of MONEY_FIELDS) m[f] = num(values[f]);
  return m;
}

export interface BillFormProps {
  kind: BillFormKind;
  target: BillTarget | null;
  /** The user holds 审核 (2): 保存并审核 is offered. */
  canAudit: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** The page (its pageKey) the form's draft is kept under; without it no draft is kept. */
  draftPage?: string;
}

export function BillForm({ kind, target, canAudit, onClose, onSaved, draftPage }: BillFormProps) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [session, setSession] = useState<Session | null>(null);
  const [lines, setLines] = useState<BillLine[]>([]);
  /** Cell text while typed ("12."), keyed line:cell; the line keeps the number. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [scanText, setScanText] = useState('');
  const [picker, setPicker] = useState<{ index: number; query: string } | null>(null);
  const [saving, setSaving] = useState(false);
  /** The source the open link picker lists (关联订单 / 关联单据 / 关联请购单), null when closed. */
  const [linking, setLinking] = useState<LinkSource | null>(null);
  /** 历史单据: open with the party chosen when it was pressed. */
  const [history, setHistory] = useState<{ organId: string | undefined } | null>(null);
  /** 多账户结算 open. Its accounts and amounts live in the form's store (manyAccounts), so a draft keeps them. */
  const [manyOpen, setManyOpen] = useState(false);
  const manyAccounts = Form.useWatch('manyAccounts', { form, preserve: true }) as ManyAccountsValue | undefined;
  // Shown only when not zero, so watched while it has no field.
  const deposit = Form.useWatch('deposit', { form, preserve: true }) as unknown;
  const linkNumber = Form.useWatch('linkNumber', form) as unknown;
  const linkApply = Form.useWatch('linkApply', form) as unknown;
  const locks = linkLocks(kind, linkNumber, linkApply);
  /** The chosen member's prepaid balance, shown in 预付款 (retail out). */
  const [advanceIn, setAdvanceIn] = useState<number | null>(null);
  const savingRef = useRef(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<{ key: string; cell: string; select: boolean } | null>(null);
  /** The line a scan put the cursor in: Enter in its quantity goes back to the scan field for the next barcode. */
  const scanReturn = useRef<string | null>(null);
  const scanBox = useRef<HTMLDivElement>(null);
  /** Marks where the grid ends: the money block (or 备注) starts after it. */
  const moneyStart = useRef<HTMLDivElement>(null);
  /** The lines as the last change left them, ahead of the render: queued scans build on each other. */
  const linesRef = useRef<BillLine[]>([]);
  /** Scans run one after the other, in the order their Enter came (a scan gun sends the next code at once). */
  const scanQueue = useRef<Promise<void>>(Promise.resolve());
  /** The last scan's outcome, shown beside the scan field (and the line it touched, flashed in the grid). */
  const [scanFlash, setScanFlash] = useState<{ found: boolean; text: string; key: string; seq: number } | null>(null);
  const flashSeq = useRef(0);
  /** The largest quantity a line may hold (settings), read at each opening. */
  const [ceiling, setCeiling] = useState(() => loadSettings(storage).maxLineQuantity);
  const problems = useMemo(() => cellProblems(lines, drafts, ceiling), [lines, drafts, ceiling]);
  const mode = target?.mode ?? 'add';
  const linkField = kind.linkField ?? 'linkNumber';
  const options = session?.options;
  const taxIncluded = options?.taxIncluded ?? false;
  const defaultDepot = useMemo(() => {
    const depots = options?.depots ?? [];
    return (depots.length === 1 ? depots[0] : depots.find((d) => d.isDefault))?.value ?? '';
  }, [options]);

  const abandon = useEffectEvent((reason: string) => {
    message.warning(reason);
    onClose();
  });

  // Each opening loads the choices, a fresh number (新增, 复制) and the stored bill (编辑, 复制). The choices, a
  // 新增's number and the stored head go out together (none needs another's answer); a copy asks for its number
  // only once its head is found, so a bill that cannot be opened uses up no number.
  useEffect(() => {
    if (!target) return;
    let live = true;
    // Opening the form is what this effect is for: the form shows a spinner until the bill is loaded.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSession(null);
    (async () => {
      const [opts, addNumber, storedHead] = await Promise.all([
        loadBillOptions(kind),
        // A restored draft keeps the number it was typed with.
        target.mode === 'add' && !target.draft ? buildNumber(kind.prefixNo) : Promise.resolve(''),
        target.mode === 'add' ? Promise.resolve(null) : billHead(str(target.row?.number)),
      ]);
      const values: Record<string, unknown> = {
        operTime: dayjs(), number: '', defaultNumber: '', organId: undefined, salesMan: [], payType: '现付', linkNumber: '', linkApply: '', remark: '', fileName: [],
        accountId: opts.accounts.find((a) => a.isDefault)?.value, ...Object.fromEntries(MONEY_FIELDS.map((f) => [f, 0])),
      };
      let loaded: BillLine[] = [];
      let head: Record<string, unknown> | null = null;
      if (target.mode !== 'add') {
        head = storedHead;
        if (!head) {
          if (live) abandon(t('bill.loadFailed'));
          return;
        }
        loaded = (await billLines(head.id)).map(lineFromDetail);
        Object.assign(values, {
          operTime: head.operTimeStr ? dayjs(str(head.operTimeStr)) : dayjs(), number: str(head.number), defaultNumber: str(head.defaultNumber),
          organId: head.organId == null ? undefined : str(head.organId), accountId: head.accountId == null ? undefined : str(head.accountId),
          salesMan: str(head.salesMan).split(',').filter(Boolean), payType: str(head.payType) || '现付', linkNumber: str(head.linkNumber), linkApply: str(head.linkApply),
          remark: str(head.remark), fileName: storedFiles(head.fileName), discount: num(head.discount), discountMoney: num(head.discountMoney),
          discountLastMoney: num(head.discountLastMoney), otherMoney: num(head.otherMoney), deposit: num(head.deposit),
          changeAmount: abs(head.changeAmount), backAmount: num(head.backAmount),
        });
        // A bill settled over several accounts has no accountId: it opens on 多账户 with its accounts and amounts.
        if (head.accountId == null && str(head.accountIdList) !== '') {
          const ids = str(head.accountIdList).split(',').filter(Boolean);
          const amounts = str(head.accountMoneyList).split(',').map((a) => Math.abs(num(a)));
          Object.assign(values, { accountId: MANY_ACCOUNTS, manyAccounts: { ids, amounts } });
        }
        values.debt = debtOnOpen(moneyOf(values));
        values.getAmount = num(values.changeAmount) + num(values.backAmount);
      }
      if (target.mode !== 'edit' && !target.draft) {
        const number = target.mode === 'add' ? addNumber : await buildNumber(kind.prefixNo);
        Object.assign(values, { number, defaultNumber: number, operTime: dayjs() });
        // A copy is a new bill: it links nothing and deducts no deposit.
        if (target.mode === 'copy') Object.assign(values, { linkNumber: '', linkApply: '', deposit: 0 });
      }
      const firstDepot = (opts.depots.length === 1 ? opts.depots[0] : opts.depots.find((d) => d.isDefault))?.value ?? '';
      if (target.mode === 'add' && target.linkFrom && !target.draft) {
        const taken = linkedBill(kind, target.linkFrom, await sourceLines(kind, target.linkFrom), kind.depot ? firstDepot : '', opts.taxIncluded);
        Object.assign(values, taken.values);
        loaded = taken.lines;
        if (kind.money !== 'none') Object.assign(values, moneyAfterLines(kind, moneyOf(values), loaded, opts.zeroChange));
      }
      if (loaded.length === 0) loaded = [emptyLine(kind.depot ? firstDepot : '')];
      if (!live) return;
      const restored = target.draft ? { ...values, ...target.draft.values } : undefined;
      const shown = target.draft && target.draft.lines.length > 0 ? target.draft.lines : loaded;
      linesRef.current = shown;
      setCeiling(loadSettings(storage).maxLineQuantity);
      setScanFlash(null);
      setLines(shown);
      setDrafts({});
      setScanText('');
      setAdvanceIn(opts.parties.find((p) => p.value === (restored ?? values).organId)?.advanceIn ?? null);
      setSession({ key: ++sessionCount, options: opts, values, lines: loaded, head, restored });
    })().catch(() => { if (live) onClose(); });
    return () => { live = false; };
  }, [target, kind, t, onClose]);

  useEffect(() => {
    // The first field takes the cursor unless the user already put it in the form (a scan into the scan field
    // right after the form opened must stay there).
    if (session) requestAnimationFrame(() => {
      const box = boxRef.current;
      if (box && !box.contains(document.activeElement)) controlsIn(box)[0]?.focus();
    });
  }, [session]);

  // After the lines render, the cell a scan or a pick asked for takes the cursor (its value selected).
  useLayoutEffect(() => {
    const want = pendingFocus.current;
    if (!want) return;
    const el = boxRef.current?.querySelector<HTMLInputElement>(`[data-line="${want.key}"][data-cell="${want.cell}"]`);
    if (!el) return;
    pendingFocus.current = null;
    el.focus();
    if (want.select) el.select();
  }, [lines]);

  /** The money block after the lines changed. */
  const syncMoney = useCallback((next: BillLine[]) => {
    if (kind.money === 'none') return;
    const current = moneyOf(form.getFieldsValue(MONEY_FIELDS as unknown as string[]) as Record<string, unknown>);
    form.setFieldsValue(moneyAfterLines(kind, current, next, options?.zeroChange ?? false));
  }, [form, kind, options]);

  const updateLines = useCallback((next: BillLine[]) => {
    const typed = kind.assembly ? assemblyTypes(next) : next;
    linesRef.current = typed;
    setLines(typed);
    syncMoney(typed);
  }, [kind, syncMoney]);

  // A sale's customer changed: every line is priced again for that customer (their last price, else wholesale).
  const repriceFor = async (organId: string) => {
    const priced = await Promise.all(lines.map(async (line) => {
      if (!line.barCode) return line;
      const hit = (await materialByBarCode(kind, line.barCode, organId, kind.depot ? line.depotId : ''))[0];
      if (!hit) return line;
      const taxRate = hit.taxRate === null || hit.taxRate === undefined ? line.taxRate : Number(hit.taxRate);
      return recalcLine({ ...line, unitPrice: hit.billPrice === null || hit.billPrice === undefined ? line.unitPrice : Number(hit.billPrice), taxRate }, 'unitPrice', taxIncluded);
    }));
    updateLines(priced);
  };

  // A typed money field: the others follow by the original's formulas (the typed one keeps its text).
  const onValuesChange = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    // After this handler's own follow-up changes (the money block), so the draft holds them too.
    queueMicrotask(keepDraft);
    // 零售出库: a member with a prepaid balance (negative included) pays from it by default.
    if ('organId' in changed && kind.prefixNo === 'LSCK') {
      const member = options?.parties.find((p) => p.value === str(changed.organId));
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
      repriceFor(str(changed.organId)).catch(() => undefined);
      return;
    }
    const field = Object.keys(changed)[0];
    if (!field || !(MONEY_FIELDS as readonly string[]).includes(field)) return;
    const m = moneyOf(all);
    const total = billTotal(kind, lines);
    const rules = { order: false, zeroChange: false };
    let next: MoneyBlock | null = null;
    if (kind.money === 'retail') next = field === 'getAmount' ? retailChange(m) : null;
    else if (field === 'discount') next = moneyFromTotal(m, total, { ...rules, order: kind.money === 'order' });
    else if (field === 'discountMoney') next = moneyFromDiscountMoney(m, total, { ...rules, order: kind.money === 'order' });
    else if (field === 'otherMoney') next = moneyFromOtherMoney(m);
    else if (field === 'deposit') next = moneyFromDeposit(m);
    else if (field === 'changeAmount') next = moneyFromChangeAmount(m);
    if (!next) return;
    const rest: Record<string, number> = { ...next };
    delete rest[field];
    form.setFieldsValue(rest);
  };

  const setCell = (index: number, cell: keyof BillLine, text: string) => {
    const line = lines[index];
    if (!line) return;
    const amount = ['operNumber', 'unitPrice', 'allPrice', 'taxRate', 'taxLastMoney'].includes(cell);
    let next: BillLine;
    if (amount) {
      setDrafts((d) => ({ ...d, [`${line.key}:${cell}`]: text }));
      const value = text.trim() === '' ? null : num(text);
      next = recalcLine({ ...line, [cell]: value }, cell as AmountCell, taxIncluded);
      if (value === null) next = { ...next, [cell]: null };
    } else if (cell === 'snList' && kind.serials === 'in') {
      // Typed serial numbers: the quantity becomes their count (amounts follow).
      next = withTypedSerials(line, text, taxIncluded);
      dropDraft(line, 'operNumber');
    } else {
      next = { ...line, [cell]: text };
    }
    const all = lines.map((l, i) => (i === index ? next : l));
    updateLines(all);
    if (cell === 'depotId' && line.barCode && text) {
      void stockOf(text, line.barCode).then((stock) => setLines((ls) => ls.map((l) => (l.key === line.key ? { ...l, stock } : l))), () => undefined);
    }
  };

  const dropDraft = (line: BillLine, cell: string) => setDrafts((d) => {
    const { [`${line.key}:${cell}`]: _gone, ...rest } = d;
    return rest;
  });

  const shown = (line: BillLine, cell: keyof BillLine): string => drafts[`${line.key}:${cell}`] ?? str(line[cell]);

  const organId = (): string => str(form.getFieldValue('organId'));

  const flash = (found: boolean, text: string, key = '') => {
    scanBeep(found);
    setScanFlash({ found, text, key, seq: ++flashSeq.current });
  };

  /** One scanned code: add or increment its line; the scan field keeps the cursor for the next code. */
  const scanOne = async (code: string) => {
    try {
      const hits = await materialByBarCode(kind, code, organId(), '');
      if (hits.length === 0) {
        flash(false, `${code}: ${t('bill.barCodeUnknown')}`);
        message.warning(t('bill.barCodeUnknown'));
        return;
      }
      const hit = hits[0]!;
      const current = linesRef.current;
      // On out-bills a scanned serial number (the answer's barcode differs from the scan) is a line carrying it.
      const result = kind.serials === 'out' && str(hit.mBarCode) !== code
        ? scanSerial(current, hit, code, kind.depot ? defaultDepot : '', taxIncluded)
        : applyScan(current, hit, kind.depot ? defaultDepot : '', taxIncluded);
      if (!result) {
        flash(false, `${code}: ${t('billLinks.serialScanned')}`);
        message.warning(t('billLinks.serialScanned'));
        return;
      }
      const line = result.lines[result.index]!;
      // F2 (or Enter in the scan field while it is empty) edits this line's quantity.
      scanReturn.current = line.key;
      dropDraft(line, 'operNumber');
      updateLines(result.lines);
      flash(true, `${line.name} × ${str(line.operNumber)}`, line.key);
    } catch {
      // Reported by the HTTP client.
    }
  };

  /** Enter in the scan field: the code is queued and the field cleared at once, ready for the next one. */
  const scan = (typed: string) => {
    const code = typed.trim();
    setScanText('');
    // Enter with nothing scanned: done scanning, on to the money block.
    if (!code) {
      leaveGrid();
      return;
    }
    primeScanAudio();
    scanQueue.current = scanQueue.current.then(() => scanOne(code));
  };

  /** F2: the cursor to the quantity of the line in hand (the focused line, else the last scanned), its value selected. */
  const editScannedQuantity = (from?: HTMLElement) => {
    const key = from?.dataset.line ?? scanReturn.current ?? [...linesRef.current].reverse().find((l) => !isBlankLine(l))?.key;
    const el = key ? boxRef.current?.querySelector<HTMLInputElement>(`[data-line="${key}"][data-cell="operNumber"]`) : null;
    if (!el) return;
    scanReturn.current = key ?? null;
    el.focus();
    el.select();
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
      const filled = lineFromMaterial(hits[0]!, { ...line, depotId: line.depotId || (kind.depot ? defaultDepot : '') }, taxIncluded);
      pendingFocus.current = { key: line.key, cell: 'operNumber', select: true };
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
      pendingFocus.current = { key: taken.lines[0]!.key, cell: linked ? 'operNumber' : 'barCode', select: linked };
      updateLines(taken.lines);
    } catch {
      // Reported by the HTTP client.
    }
  };

  /** 导入明细: the imported lines replace the form's, a line without a depot taking the default one. */
  const takeImported = (rows: ImportedLine[]) => {
    updateLines(rows.map(lineFromDetail).map((l) => (kind.depot && !l.depotId ? { ...l, depotId: defaultDepot } : l)));
  };

  const addLine = (focusKey = true) => {
    const last = lines[lines.length - 1];
    const line = emptyLine(kind.depot ? (last?.depotId || defaultDepot) : '');
    if (focusKey) pendingFocus.current = { key: line.key, cell: 'barCode', select: false };
    updateLines([...lines, line]);
  };

  // 出入库管理 leaves a 采购/采购退货/销售/销售退货 bill's serial and batch numbers to the 其它 bills.
  const serialsOn = (line: BillLine): boolean => line.enableSerialNumber && !options?.inOutManage;
  const batchOn = (line: BillLine): boolean => line.enableBatchNumber && !options?.inOutManage;
  // 序列号 / 批号 / 有效期 take room only when a line of the bill needs them (a serial or batch product).
  const columns = gridColumns(kind, lines.some(serialsOn), lines.some(batchOn));
  const stockPick = useStockPick({
    lines, editing: mode === 'edit', taxIncluded, box: boxRef,
    onLine: (next) => {
      pendingFocus.current = { key: next.key, cell: 'operNumber', select: true };
      updateLines(lines.map((l) => (l.key === next.key ? next : l)));
    },
  });

  const removeLine = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    updateLines(next.length > 0 ? next : [emptyLine(kind.depot ? defaultDepot : '')]);
  };

  const moveFrom = (el: HTMLElement) => {
    const controls = controlsIn(boxRef.current);
    const index = controls.indexOf(el);
    if (index < 0) return;
    const next = controls[index + 1] ?? controls[0];
    next?.focus();
    if (next instanceof HTMLInputElement && next.dataset.cell) next.select();
  };

  /** Out of the grid, forward: the first field after it (the money block, else 备注). */
  const leaveGrid = () => {
    const marker = moneyStart.current;
    if (!marker) return;
    const next = controlsIn(boxRef.current).find((el) => Boolean(marker.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING));
    next?.focus();
  };

  /** 收款金额 below 单据金额 (a negative 找零): saved only when the user says so; the default answer goes back. */
  const confirmShortPayment = (paid: number, due: number) => new Promise<boolean>((resolve) => {
    modal.confirm({
      title: t('entry.retailShortTitle'),
      content: t('entry.retailShortContent', { paid, due }),
      okText: t('entry.retailShortSave'),
      cancelText: t('entry.retailShortBack'),
      autoFocusButton: 'cancel',
      onOk: () => resolve(true),
      onCancel: () => {
        resolve(false);
        requestAnimationFrame(() => boxRef.current?.querySelector<HTMLInputElement>('input#getAmount')?.focus());
      },
    });
  });

  const toScanField = () => scanBox.current?.querySelector('input')?.focus();

  const isDirty = (): boolean => {
    if (!session) return false;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const plain = (v: Record<string, unknown>) => JSON.stringify(v, (k, x: unknown) => (k === 'operTime' ? undefined : x));
    return plain(values) !== plain(session.values) || JSON.stringify(lines) !== JSON.stringify(session.lines);
  };

  const draftKeeper = useDraftKeeper(draftPage, t(mode === 'add' ? 'bill.addTitle' : mode === 'edit' ? 'bill.editTitle' : 'bill.copyTitle', { kind: t(kind.exportTitle) }));
  // Saved, discarded or closed unchanged: nothing left to offer back.
  const close = () => {
    draftKeeper.clear();
    onClose();
  };
  const keepDraft = () => {
    if (!target || !session) return;
    if (!isDirty()) {
      draftKeeper.clear();
      return;
    }
    const { draft: _restored, ...opened } = target;
    draftKeeper.keep({ target: opened, values: form.getFieldsValue(true) as Record<string, unknown>, lines } satisfies BillDraft);
  };
  // Every change of the lines (typed, scanned, linked, priced) and of the fields (onValuesChange) is kept at once.
  const keepDraftOfLines = useEffectEvent(keepDraft);
  useEffect(() => { keepDraftOfLines(); }, [lines]);

  const requestClose = useCloseGuard(isDirty, close);
  // Back closes the form first (asking about unsaved changes as 取消 does).
  useBackCloses(target !== null, requestClose);

  const save = async (status: '0' | '1') => {
    if (savingRef.current || !session) return;
    savingRef.current = true;
    setSaving(true);
    try {
      let values: Record<string, unknown>;
      try {
        values = await form.validateFields() as Record<string, unknown>;
      } catch {
        return; // the fields show their messages
      }
      const wrong = problems[0];
      if (wrong) {
        message.warning(problemText(wrong));
        boxRef.current?.querySelector<HTMLInputElement>(`[data-line="${wrong.key}"][data-cell="${wrong.cell}"]`)?.focus();
        return;
      }
      const problem = lineProblem(kind, lines);
      if (problem) {
        message.warning(t(problem.problem));
        return;
      }
      const typed = form.getFieldsValue(true) as Record<string, unknown>;
      if (kind.prefixNo === 'LSCK' && str(typed.payType) !== '预付款' && num(typed.getAmount) < num(typed.changeAmount)
        && !(await confirmShortPayment(num(typed.getAmount), num(typed.changeAmount)))) return;
      const mismatch = serialCountMismatch(lines);
      if (mismatch) {
        message.warning(t('billLinks.serialCountMismatch', { barCode: mismatch.barCode }));
        return;
      }
      const all = { ...form.getFieldsValue(true) as Record<string, unknown>, ...values };
      const head: BillHead = {
        id: mode === 'edit' ? session.head?.id : undefined,
        number: str(all.number), defaultNumber: str(all.defaultNumber) || str(all.number),
        operTime: (all.operTime as Dayjs | undefined)?.format(TIME_FORMAT) ?? '',
        organId: str(all.organId), accountId: str(all.accountId), salesMan: (all.salesMan as string[] | undefined) ?? [],
        payType: str(all.payType), linkNumber: str(all.linkNumber), linkApply: str(all.linkApply), remark: str(all.remark),
        fileName: (all.fileName as string[] | undefined) ?? [],
        ...(str(all.accountId) === MANY_ACCOUNTS ? { accountId: '', manyAccounts: (all.manyAccounts as ManyAccountsValue | undefined) ?? { ids: [], amounts: [] } } : {}),
      };
      const body = billBody(kind, head, moneyOf(all), lines, status);
      const url = mode === 'edit' ? '/depotHead/updateDepotHeadAndDetail' : '/depotHead/addDepotHeadAndDetail';
      if (!(await sendSave({ url, method: mode === 'edit' ? 'put' : 'post', body }, message, t))) return;
      close();
      onSaved();
    } catch {
      // An HTTP failure has been reported by the HTTP client; the form keeps everything.
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const key = e.key.toLowerCase();
    const el = e.target as HTMLElement;
    // The picker dialog is portalled outside the form but its keys still reach here through React: it keeps them.
    if (!boxRef.current?.contains(el)) return;
    if (key === 'escape') {
      if (el.getAttribute('aria-expanded') === 'true' || e.nativeEvent.isComposing) return;
      e.stopPropagation();
      requestClose();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && (key === 'enter' || key === 's')) {
      e.preventDefault();
      e.stopPropagation();
      void save('0');
      return;
    }
    if (e.ctrlKey && (key === 'arrowdown' || key === 'arrowup')) {
      e.preventDefault();
      e.stopPropagation();
      if (key === 'arrowdown') leaveGrid();
      else toScanField();
      return;
    }
    if (key === 'f2') {
      e.preventDefault();
      editScannedQuantity(el.dataset.line ? el : undefined);
      return;
    }
    if (key === 'f4' && el.dataset.cell === 'barCode' && !locks.linesLocked) {
      e.preventDefault();
      const index = lines.findIndex((l) => l.key === el.dataset.line);
      if (index >= 0) setPicker({ index, query: (el as HTMLInputElement).value.trim() === lines[index]!.barCode ? '' : (el as HTMLInputElement).value.trim() });
      return;
    }
    const tab = key === 'tab' && !e.shiftKey;
    if ((key !== 'enter' && !tab) || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
    if (key === 'enter') {
      // A typed 单据日期 is taken as typed (the picker would drop it on the way out and keep "now").
      const date = commitTypedDate(el, TIME_FORMAT);
      if (date) {
        e.preventDefault();
        e.stopPropagation();
        form.setFieldValue('operTime', date);
        moveFrom(el);
        return;
      }
    }
    if (el.getAttribute('aria-expanded') === 'true') return; // an open list takes its Enter
    if (el.dataset.enter === 'own' && key === 'enter') return; // the scan field and barcode cells resolve first
    if ((el instanceof HTMLButtonElement || el.getAttribute('role') === 'button') && key === 'enter') return; // 附件's upload opens its file chooser
    if (key === 'enter' && el.dataset.cell === 'operNumber' && scanReturn.current === el.dataset.line) {
      e.preventDefault();
      e.stopPropagation();
      scanReturn.current = null;
      scanBox.current?.querySelector('input')?.focus();
      return;
    }
    // The last cell of the last line: a new line, its barcode cell next — unless that line is still empty, when
    // Enter goes on to the money block and Tab keeps its own order (no empty lines piling up).
    const last = lines[lines.length - 1];
    if (last && el.dataset.rowEnd === 'true' && el.dataset.line === last.key && !locks.linesLocked) {
      if (isBlankLine(last) && tab) return;
      e.preventDefault();
      e.stopPropagation();
      if (isBlankLine(last)) leaveGrid();
      else addLine();
      return;
    }
    if (tab) return; // Tab keeps its own order elsewhere
    e.preventDefault();
    e.stopPropagation();
    moveFrom(el);
  };

  const lineKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const line = lines[index];
    if (!line) return;
    e.preventDefault();
    if (locks.linesLocked) {
      moveFrom(e.currentTarget);
      return;
    }
    const typed = e.currentTarget.value.trim();
    if (typed && typed !== line.barCode) void resolveLine(index, typed, true);
    // An empty new line below filled ones: the lines are done, on to the money block (F4 opens the picker here).
    else if (!typed && isBlankLine(line) && lines.some((l) => !isBlankLine(l))) leaveGrid();
    else if (!typed) setPicker({ index, query: '' });
    else moveFrom(e.currentTarget);
  };

  const totals = columnTotals(lines);
  const depots = options?.depots ?? [];
  const required = (message: MessageKey) => [{ required: true, message: t(message) }];
  const moneyRules = (needed: boolean) => [
    ...(needed ? required('bill.rule.changeAmount') : []),
    { pattern: MONEY_PATTERN, message: t('bill.rule.money'), transform: (v: unknown) => str(v) },
  ];
  const title = t(mode === 'add' ? 'bill.addTitle' : mode === 'edit' ? 'bill.editTitle' : 'bill.copyTitle', { kind: t(kind.exportTitle) });

  const amountCell = (line: BillLine, index: number, cell: AmountCell, rowEnd = false) => {
    const problem = problems.find((p) => p.key === line.key && p.cell === cell);
    return (
      <input className={`ant-input bill-cell num${problem ? ' ant-input-status-error' : ''}`} aria-label={`${t(CELL_TITLE[cell])} ${index + 1}`}
        data-line={line.key} data-cell={cell} data-row-end={rowEnd ? 'true' : undefined} inputMode="decimal" value={shown(line, cell)}
        aria-invalid={problem ? true : undefined} title={problem ? problemText(problem) : undefined}
        onChange={(e) => setCell(index, cell, e.target.value)} onBlur={() => { if (!problem) dropDraft(line, cell); }} />
    );
  };
  const problemText = (p: CellProblem) => t(p.rule, {
    row: p.index + 1, column: t(CELL_TITLE[p.cell]), value: shown(lines[p.index]!, p.cell).trim(), max: ceiling,
  });
  const textCell = (line: BillLine, index: number, cell: 'remark' | 'snList' | 'batchNumber' | 'expirationDate', title: MessageKey, enabled = true, rowEnd = false) => (
    <input className="ant-input bill-cell" aria-label={`${t(title)} ${index + 1}`} data-line={line.key} data-cell={cell}
      data-row-end={rowEnd ? 'true' : undefined} disabled={!enabled} value={line[cell]} onChange={(e) => setCell(index, cell, e.target.value)} />
  );
  const depotCell = (line: BillLine, index: number, cell: 'depotId' | 'anotherDepotId', title: MessageKey) => (
    <select className="ant-input bill-cell" aria-label={`${t(title)} ${index + 1}`} data-line={line.key} data-cell={cell} value={line[cell]}
      onChange={(e) => setCell(index, cell, e.target.value)}>
      <option value="" />
      {depots.map((d) => <option key={d.value} value={d.value}>{d.label}</option>)}
    </select>
  );

  const content = session ? (
    <div ref={boxRef} onKeyDownCapture={onKeyDown} className="bill-form">
      <Form key={session.key} form={form} initialValues={session.restored ?? session.values} onValuesChange={onValuesChange} layout="vertical" autoComplete="off" clearOnDestroy>
        <Row gutter={12}>
          {kind.party !== 'none' ? (
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="organId" label={t(partyTitle(kind))} rules={kind.partyRule ? required(kind.partyRule) : undefined}>
                <Select showSearch allowClear optionFilterProp="label" options={options?.parties} disabled={locks.partyLocked} />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="operTime" label={t('col.billDate')} rules={required(kind.dateRule)}>
              <DatePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="number" label={t('col.billNumber')} rules={required('bill.rule.number')}>
              <Input />
            </Form.Item>
          </Col>
          {/* The link is chosen while editing too (the original's search stays open in 编辑): the bill's lines become
              what is left of the chosen one, and the backend re-reads both the old and the new source's status. */}
          {kind.linkTitle && (session.values[linkField] || kind.linkSource) ? (
            <LinkField name={linkField} title={kind.linkTitle}
              onSearch={kind.linkSource ? () => setLinking(kind.linkSource ?? null) : undefined} />
          ) : null}
          {kind.saleLinkSource && (session.values.linkNumber || options?.purchaseBySale) ? (
            <LinkField name="linkNumber" title="col.linkOrder" searchLabel="billPolish.pickSaleOrder"
              onSearch={options?.purchaseBySale ? () => setLinking(kind.saleLinkSource ?? null) : undefined} />
          ) : null}
          {kind.salesMan ? (
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="salesMan" label={t('bill.salesMan')}>
                <Select mode="multiple" optionFilterProp="label" options={options?.salesmen} />
              </Form.Item>
            </Col>
          ) : null}
          {kind.prefixNo === 'LSCK' ? (
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="payType" label={t('bill.payType')}>
                <Select options={[
                  { value: '现付', label: t('bill.payCash') },
                  { value: '预付款', label: advanceIn === null ? t('bill.payPrepaid') : `${t('bill.payPrepaid')}（${advanceIn}）` },
                ]} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        {locks.linesLocked ? null : <div className="bill-scan" ref={scanBox}>
          <label htmlFor={`bill-scan-${session.key}`}>{t('bill.scan')}</label>
          <Input id={`bill-scan-${session.key}`} data-enter="own" value={scanText}
            placeholder={t('bill.scanHint')} onChange={(e) => setScanText(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter' && !e.nativeEvent.isComposing) { e.preventDefault(); scan(e.currentTarget.value); } }} />
          {scanFlash ? (
            <span key={scanFlash.seq} role="status" className={`bill-scan-flash ${scanFlash.found ? 'found' : 'missing'}`}>{scanFlash.text}</span>
          ) : null}
        </div>}
        {HISTORY_KINDS.has(kind.name) ? (
          <div className="bill-tools">
            <Button size="small" icon={<HistoryOutlined />} tabIndex={-1}
              onClick={() => setHistory({ organId: (form.getFieldValue('organId') as string | undefined) || undefined })}>{t('billExtras.history')}</Button>
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
                {columns.batch ? <><th>{t('bill.batchNumber')}</th><th>{t('bill.expirationDate')}</th></> : null}
                <th className="req">{t('col.quantity')}</th>
                {kind.price ? <><th>{t('col.unitPrice')}</th><th>{t('bill.amount')}</th></> : null}
                {kind.tax ? <><th>{t('col.taxRate')}</th><th>{t('col.taxMoney')}</th><th>{t('bill.taxLastMoney')}</th></> : null}
                <th>{t('col.remark')}</th>
                <th><span className="visually-hidden">{t('table.action')}</span></th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => {
                const short = kind.stockOut && shortOfStock(line);
                return (
                  <tr key={line.key} data-flash={scanFlash?.found && scanFlash.key === line.key ? scanFlash.seq : undefined}
                    className={[short ? 'short' : '', scanFlash?.found && scanFlash.key === line.key ? `scanned-${scanFlash.seq % 2}` : ''].filter(Boolean).join(' ') || undefined}>
                    <td className="index">{index + 1}</td>
                    {kind.assembly ? <td data-title={t('bill.mType')}>{line.mType === '组合件' ? t('bill.assembled') : t('bill.component')}</td> : null}
                    {kind.depot ? <td data-title={t('col.depotName')}>{depotCell(line, index, 'depotId', 'col.depotName')}</td> : null}
                    <td className="barcode" data-title={t('col.barCode')}>
                      <input className="ant-input bill-cell" aria-label={`${t('col.barCode')} ${index + 1}`} data-line={line.key} data-cell="barCode"
                        data-enter="own" defaultValue={line.barCode} key={`${line.key}:${line.barCode}`} readOnly={locks.linesLocked} onKeyDown={lineKeyDown(index)} />
                      {locks.linesLocked ? null : (
                        <Button size="small" type="text" tabIndex={-1} icon={<SearchOutlined />} aria-label={t('bill.picker')}
                          onClick={() => setPicker({ index, query: '' })} />
                      )}
                    </td>
                    <td className="name" data-title={t('col.name')}>{line.name}</td>
                    <td className="text" data-title={t('col.standard')}>{line.standard}</td>
                    <td className="text" data-title={t('col.model')}>{line.model}</td>
                    <td className="num" data-title={t('bill.stock')}>
                      {short ? <Tooltip title={t('bill.stockShort')}><span className="stock-short">{str(line.stock)} {t('bill.stockShort')}</span></Tooltip> : str(line.stock)}
                    </td>
                    {kind.anotherDepot ? <td data-title={t('col.depotIn')}>{depotCell(line, index, 'anotherDepotId', 'col.depotIn')}</td> : null}
                    <td className="unit" data-title={t('col.unit')}>{line.unit}</td>
                    {columns.serial ? (
                      <td data-title={t('bill.snList')} className={serialsOn(line) ? undefined : 'unused'}>
                        {kind.serials === 'out' ? stockPick.cell(line, index, 'snList', serialsOn(line)) : textCell(line, index, 'snList', 'bill.snList', serialsOn(line))}
                      </td>
                    ) : null}
                    {columns.batch ? (
                      <>
                        <td data-title={t('bill.batchNumber')} className={batchOn(line) ? undefined : 'unused'}>
                          {kind.serials === 'out' ? stockPick.cell(line, index, 'batchNumber', batchOn(line)) : textCell(line, index, 'batchNumber', 'bill.batchNumber', batchOn(line))}
                        </td>
                        <td data-title={t('bill.expirationDate')} className={batchOn(line) ? undefined : 'unused'}>
                          {textCell(line, index, 'expirationDate', 'bill.expirationDate', batchOn(line) && kind.serials === 'in')}
                        </td>
                      </>
                    ) : null}
                    <td className="quantity" data-title={t('col.quantity')}>{amountCell(line, index, 'operNumber')}</td>
                    {kind.price ? (
                      <>
                        <td className="money" data-title={t('col.unitPrice')}>{amountCell(line, index, 'unitPrice')}</td>
                        <td className="money" data-title={t('bill.amount')}>{amountCell(line, index, 'allPrice')}</td>
                      </>
                    ) : null}
                    {kind.tax ? (
                      <>
                        <td className="rate" data-title={t('col.taxRate')}>{amountCell(line, index, 'taxRate')}</td>
                        <td className="num" data-title={t('col.taxMoney')}>{str(line.taxMoney)}</td>
                        <td className="money" data-title={t('bill.taxLastMoney')}>{amountCell(line, index, 'taxLastMoney')}</td>
                      </>
                    ) : null}
                    <td className="remark" data-title={t('col.remark')}>{textCell(line, index, 'remark', 'col.remark', true, true)}</td>
                    <td className="actions">
                      <Button size="small" type="text" danger tabIndex={-1} icon={<DeleteOutlined />} aria-label={`${t('bill.removeLine')} ${index + 1}`}
                        onClick={() => removeLine(index)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <td>{t('table.totals')}</td>
                <td colSpan={99} className="totals">
                  <span>{t('col.quantity')}: <b data-total="operNumber">{totals.operNumber}</b></span>
                  {kind.price ? <span>{t('bill.amount')}: <b data-total="allPrice">{totals.allPrice}</b></span> : null}
                  {kind.tax ? <span>{t('col.taxMoney')}: <b data-total="taxMoney">{totals.taxMoney}</b></span> : null}
                  {kind.tax ? <span>{t('bill.taxLastMoney')}: <b data-total="taxLastMoney">{totals.taxLastMoney}</b></span> : null}
                </td>
              </tr>
            </tfoot>
          </table>
          {locks.linesLocked ? null : <Space size="small">
            <Button size="small" type="dashed" icon={<PlusOutlined />} tabIndex={-1} onClick={() => addLine()}>{t('bill.addLine')}</Button>
            {importsLines(kind.prefixNo) ? <ImportLinesButton prefixNo={kind.prefixNo} onLines={takeImported} /> : null}
          </Space>}
        </div>
        {/* Outside the grid's scroll box: seen whatever column the grid is scrolled to. */}
        {problems.length > 0 ? (
          <ul className="bill-cell-problems" role="alert">
            {problems.map((p) => <li key={`${p.key}:${p.cell}`}>{problemText(p)}</li>)}
          </ul>
        ) : null}
        <div ref={moneyStart} />
        <Row gutter={12}>
          {kind.money === 'order' || kind.money === 'full' ? (
            <>
              <Col xs={12} md={4}><Form.Item name="discount" label={t('col.discount')}><Input suffix="%" /></Form.Item></Col>
              <Col xs={12} md={4}><Form.Item name="discountMoney" label={t(kind.discountMoneyTitle ?? 'col.discountMoney')}><Input /></Form.Item></Col>
              <Col xs={12} md={4}><Form.Item name="discountLastMoney" label={t('bill.discountLastMoney')}><Input readOnly /></Form.Item></Col>
            </>
          ) : null}
          {kind.money === 'full' ? <Col xs={12} md={4}><Form.Item name="otherMoney" label={t('col.otherMoney')}><Input /></Form.Item></Col> : null}
          {kind.money !== 'none' ? (
            <Col xs={12} md={4}>
              <Form.Item name="accountId" label={t(accountTitle(kind))} rules={kind.accountRule ? required(kind.accountRule) : undefined}
                extra={manyAccounts && manyAccounts.ids.length > 0 ? (
                  <Button type="link" size="small" icon={<FolderOutlined />} style={{ paddingInline: 0 }} onClick={() => setManyOpen(true)}>
                    {t('billExtras.manyAccountsDetail')}
                  </Button>
                ) : undefined}>
                <Select showSearch allowClear optionFilterProp="label"
                  options={options?.multiAccount ? [{ value: MANY_ACCOUNTS, label: t('billExtras.manyAccounts') }, ...options.accounts] : options?.accounts} />
              </Form.Item>
            </Col>
          ) : null}
          {kind.money === 'full' && num(deposit) !== 0 ? (
            <Col xs={12} md={4}><Form.Item name="deposit" label={t('bill.deposit')}><Input /></Form.Item></Col>
          ) : null}
          {kind.money === 'order' || kind.money === 'full' ? (
            <Col xs={12} md={4}>
              <Form.Item name="changeAmount" label={t(changeTitle(kind))} rules={moneyRules(kind.changeRequired)}><Input /></Form.Item>
            </Col>
          ) : null}
          {kind.money === 'full' ? (
            <Col xs={12} md={4}>
              <Form.Item name="debt" label={t('col.debt')} rules={kind.changeRequired ? moneyRules(false) : undefined}><Input readOnly /></Form.Item>
            </Col>
          ) : null}
          {kind.money === 'retail' ? (
            <>
              <Col xs={12} md={4}><Form.Item name="changeAmount" label={t('bill.billAmount')}><Input readOnly /></Form.Item></Col>
              <Col xs={12} md={4}>
                <Form.Item name="getAmount" label={t(kind.negate ? 'bill.payAmount' : 'bill.getAmount')}><Input /></Form.Item>
              </Col>
              <Col xs={12} md={4}><Form.Item name="backAmount" label={t('bill.backAmount')}><Input readOnly /></Form.Item></Col>
            </>
          ) : null}
        </Row>
        <Form.Item name="remark" label={t('col.remark')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="fileName" label={t('billLinks.attachments')}>
          <FileUpload biz="bill" max={MAX_ATTACHMENTS} />
        </Form.Item>
      </Form>
      {manyOpen ? (
        <ManyAccountsDialog accounts={options?.accounts ?? []} value={manyAccounts ?? null}
          onOk={(value, sum) => {
            setManyOpen(false);
            form.setFieldsValue({ manyAccounts: value, changeAmount: sum });
            // The payment is the accounts' sum; what is left is owed, as a typed 本次付款.
            if (kind.money === 'full') form.setFieldsValue({ debt: moneyFromChangeAmount(moneyOf(form.getFieldsValue(true) as Record<string, unknown>)).debt });
            keepDraft();
          }}
          onCancel={() => {
            setManyOpen(false);
            // Nothing settled yet: 结算账户 is to choose again (the save asks for it).
            if (!manyAccounts?.ids.length) form.setFieldsValue({ accountId: undefined });
          }} />
      ) : null}
      {history ? <HistoryBills kind={kind} organId={history.organId} parties={options?.parties ?? []} onClose={() => setHistory(null)} /> : null}
      {linking ? <LinkPicker source={linking} onClose={() => setLinking(null)} onPick={(row) => void link(row)} /> : null}
      {stockPick.dialog}
      {picker ? (
        <MaterialPicker open query={picker.query} depotId={lines[picker.index]?.depotId ?? ''}
          onClose={() => {
            const key = lines[picker.index]?.key;
            setPicker(null);
            requestAnimationFrame(() => boxRef.current?.querySelector<HTMLInputElement>(`[data-line="${key}"][data-cell="barCode"]`)?.focus());
          }}
          onPick={(code) => { setPicker(null); void resolveLine(picker.index, code, false); }} />
      ) : null}
    </div>
  ) : <div style={{ textAlign: 'center', padding: 24 }}><Spin /></div>;

  return (
    <Modal open={target !== null} title={title} width="90%" style={{ maxWidth: 1400, top: 24 }} onCancel={requestClose} destroyOnHidden
      keyboard={false} mask={{ closable: false }}
      footer={(
        <Space>
          <Button onClick={requestClose}>{t('form.cancel')}</Button>
          {canAudit ? <Button loading={saving} onClick={() => void save('1')}>{t('bill.saveAudit')}</Button> : null}
          <Button type="primary" loading={saving} onClick={() => void save('0')}>{t('form.save')}</Button>
        </Space>
      )}>
      {content}
    </Modal>
  );
}

/** The money block after the lines changed: the original's automatic recalculation from the lines' total. */
function moneyAfterLines(kind: BillFormKind, current: MoneyBlock, lines: readonly BillLine[], zeroChange: boolean): MoneyBlock {
  const total = billTotal(kind, lines);
  return kind.money === 'retail' ? retailFromTotal(current, total) : moneyFromTotal(current, total, { order: kind.money === 'order', zeroChange });
}

/** A source bill's lines as the link reads them: a 销售订单 for 以销定购 with linkType=purchase, others basic. */
const sourceLines = (kind: BillFormKind, row: Record<string, unknown>) => billLines(row.id, false, isSaleLink(kind, row) ? 'purchase' : 'basic');

/** The kinds whose line prices depend on the customer. */
const REPRICED = ['XSDD', 'XSCK', 'XSTH', 'QTCK'];

const CELL_TITLE: Record<AmountCell, MessageKey> = {
  operNumber: 'col.quantity', unitPrice: 'col.unitPrice', allPrice: 'bill.amount', taxRate: 'col.taxRate', taxLastMoney: 'bill.taxLastMoney',
};

