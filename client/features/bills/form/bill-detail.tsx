// 查看: a saved bill read-only — head, lines with their prices and totals, 附件 as links — with 打印 (A4; retail also the
// 80 mm receipt) and, for users holding the codes, 审核 / 反审核 of this one bill with the backend's messages.
import { useEffect, useMemo, useState } from 'react';
import { Button, Modal, Space, Spin } from 'antd';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { PrintPreview } from '../../../components/print/print-preview';
import type { PrintLayout } from '../../../components/print/printable-bill';
import { fetchSystemConfigData } from '../../../lib/backend/calls';
import { startEarlyCall, takeEarlyCall } from '../../../lib/early-calls';
import { openWhenSettled } from '../../../lib/open-when-settled';
import { interpretSaveAnswer } from '../../../lib/backend/envelope';
import { DetailList } from '../../../components/detail-list/detail-list';
import { renderCell } from '../../../components/table-page/cell-render';
import type { StatusWords } from '../../../components/table-page/view-spec';
import { AttachmentLinks } from '../../../components/form-kit/file-upload';
import { billHead, billLines } from './bill-api';
import type { BillFormKind } from './bill-form-kinds';
import { printableBill } from './bill-print';
import './bill-form.css';
import { afterNextPaint } from '../../../lib/use-after-first-paint';
import { useAppFeedback } from '../../../lib/app-feedback';
import { textOf } from '../../../lib/text-of';

export interface BillDetailProps {
  kind: BillFormKind;
  /** The list row to show (its number), or null when closed. */
  row: Record<string, unknown> | null;
  canAudit: boolean;
  canUnaudit: boolean;
  /** What status 2 / 3 are called on this kind's list (完成采购 / 部分采购 …). */
  statusWords?: StatusWords;
  onClose: () => void;
  /** Called after the frame that first shows the bill (查看's address follows then: lib/use-bill-query). */
  onShown?: () => void;
  /** After an approval change: the list reloads. */
  onChanged: () => void;
}

interface Loaded {
  head: Record<string, unknown>;
  lines: Record<string, unknown>[];
  company: string;
}

/** A bill's detail read from the backend: head by number, its lines (with prices) and the company for printing. */
async function readDetail(number: string, listedId: unknown): Promise<Loaded | null> {
  // A list row gives the bill's id: its lines are asked for beside the head (as the original's 查看 does), not after.
  const listedLines = listedId === undefined || listedId === null ? null : billLines(listedId, true);
  listedLines?.catch(() => undefined);
  const config = fetchSystemConfigData();
  config.catch(() => undefined);
  const head = await billHead(number);
  if (!head) return null;
  const lines =
    listedLines && textOf(head.id) === textOf(listedId) ? await listedLines : await billLines(head.id, true);
  return { head, lines, company: textOf((await config)?.companyName) };
}

/**
 * 查看's read, started by the click itself (lib/early-calls): the detail's address change re-renders the layout before
 * the dialog's effect runs (~100 ms on the bench machine). The dialog takes the read of its number.
 */
const detailKey = (number: string) => `bill-detail ${number}`;
/** The reads a mouse press on 查看 started, before its click. */
const pressKey = (number: string) => `bill-detail-press ${number}`;

/** How long 查看 waits for its bill before the dialog opens on a spinner. */
export const DETAIL_WAIT_MS = 200;

/** Reads 查看 waited for, by bill number, until the dialog takes them (a dialog opened on its bill renders once). */
const readsInTime = new Map<string, Loaded | null>();

/** A mouse press on 查看: the bill's reads go out now (lib/early-calls), and its click (the release) takes them. */
export function readDetailAhead(row: Record<string, unknown>): void {
  const number = textOf(row.number);
  if (number) startEarlyCall(pressKey(number), () => readDetail(number, row.id));
}

/**
 * 查看: the bill's read starts now, and `open` runs once it has answered, or after DETAIL_WAIT_MS if it has not: a
 * bill read in time opens in one render with its lines, instead of a dialog with a spinner rendered, laid out and
 * painted, and then rendered again (the first render held the read's answers back by as long as it took).
 */
export function openDetailWhenRead(row: Record<string, unknown>, open: () => void): void {
  const number = textOf(row.number);
  if (!number) return;
  startEarlyCall(detailKey(number), () => {
    const read = takeEarlyCall<Loaded | null>(pressKey(number))?.promise ?? readDetail(number, row.id);
    const opened = openWhenSettled(read, DETAIL_WAIT_MS, open);
    read.then(
      (loaded) => {
        if (!opened()) readsInTime.set(number, loaded);
      },
      () => undefined,
    );
    return read;
  });
}

export function BillDetail({
  kind,
  row,
  canAudit,
  canUnaudit,
  statusWords,
  onClose,
  onChanged,
  onShown,
}: BillDetailProps) {
  const t = useT();
  const { message, modal } = useAppFeedback();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** The layout the print preview opens on, null while it is closed. */
  const [previewing, setPreviewing] = useState<PrintLayout | null>(null);

  // Another bill (or none): its read if 查看 waited for it, else a spinner until it is read.
  const [shownRow, setShownRow] = useState(row);
  if (row !== shownRow) {
    setShownRow(row);
    setLoaded(row ? (readsInTime.get(textOf(row.number)) ?? null) : null);
  }
  useEffect(() => {
    if (!row) return;
    let live = true;
    const number = textOf(row.number);
    readsInTime.delete(number);
    (takeEarlyCall<Loaded | null>(detailKey(number))?.promise ?? readDetail(number, row.id))
      .then((read) => {
        if (!live) return;
        if (read) setLoaded(read);
        else {
          message.warning(t('bill.loadFailed'));
          onClose();
        }
      })
      .catch(() => {
        if (live) onClose();
      });
    return () => {
      live = false;
    };
  }, [row, message, t, onClose]);

  useEffect(() => (loaded && onShown ? afterNextPaint(onShown) : undefined), [loaded, onShown]);

  const setStatus = (status: '0' | '1') => {
    if (!loaded) return;
    modal.confirm({
      title: t('table.confirmOperateTitle'),
      content: t(status === '1' ? 'bill.confirmAudit' : 'bill.confirmUnaudit'),
      onOk: async () => {
        try {
          const url = '/depotHead/batchSetStatus';
          const answer = interpretSaveAnswer(await http.post<unknown>(url, { status, ids: textOf(loaded.head.id) }));
          if (answer.ok) {
            message.success(answer.message || t('form.saved'));
            onClose();
            onChanged();
          } else {
            message.warning(answer.message);
          }
        } catch {
          // Reported by the HTTP client.
        }
      },
    });
  };

  // 打印 shows the sheet first (A4, 80 mm or 58 mm; retail opens on the receipt), printed or saved as PDF from there.
  const print = (layout: PrintLayout) => {
    if (loaded) setPreviewing(layout);
  };

  const status = textOf(loaded?.head.status);
  // One sheet for the detail's lines and the preview: the same numbers in both.
  const sheet = useMemo(
    () => (loaded ? printableBill(kind, loaded.head, loaded.lines, t, loaded.company || undefined) : null),
    [kind, loaded, t],
  );
  return (
    <Modal
      open={row !== null}
      title={t('bill.detailTitle', { kind: t(kind.exportTitle) })}
      width="85%"
      style={{ maxWidth: 1200, top: 24 }}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          {loaded && canAudit && status === '0' ? (
            <Button onClick={() => setStatus('1')}>{t('table.audit')}</Button>
          ) : null}
          {loaded && canUnaudit && status === '1' ? (
            <Button onClick={() => setStatus('0')}>{t('table.unaudit')}</Button>
          ) : null}
          {loaded && kind.money === 'retail' ? (
            <Button onClick={() => print('receipt80')}>{t('bill.printReceipt')}</Button>
          ) : null}
          <Button type="primary" disabled={!loaded} onClick={() => print('a4')}>
            {t('bill.print')}
          </Button>
        </Space>
      }
    >
      {sheet && loaded ? (
        <div className="bill-detail">
          <DetailList
            col={3}
            items={[
              ...sheet.head.map((f) => ({ term: f.label, value: f.value })),
              { term: t('col.status'), value: renderCell('billStatus', status, statusWords) },
              ...sheet.totals.slice(1).map((f) => ({ term: f.label, value: f.value })),
              ...sheet.footer.map((f) => ({ term: f.label, value: f.value })),
            ]}
          />
          <div className="bill-detail-lines-box">
            <table className="bill-detail-lines" aria-label={t('bill.lines')}>
              <thead>
                <tr>
                  {sheet.columns.map((c) => (
                    <th key={c.key}>{c.title}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sheet.rows.map((r, i) => (
                  <tr key={textOf(loaded.lines[i]?.id) || i}>
                    {sheet.columns.map((c) => (
                      <td key={c.key} className={c.align === 'right' ? 'num' : undefined}>
                        {textOf(r[c.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={sheet.columns.length}>
                    {sheet.totals[0]!.label}: {sheet.totals[0]!.value}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <AttachmentLinks fileName={loaded?.head.fileName} />
        </div>
      ) : (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      )}
      <PrintPreview
        open={previewing !== null && loaded !== null}
        defaultLayout={previewing ?? 'a4'}
        onClose={() => setPreviewing(null)}
        bill={sheet}
      />
    </Modal>
  );
}
