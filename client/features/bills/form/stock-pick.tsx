// 序列号 / 批号 of an out-bill's lines: each cell opens its picker from stock (a click, Enter — the Enter walk reaches
// it — or its search button); what is picked lands on the line through `onLine`, and the cursor then goes to that
// line's quantity (which followed). Closing without a pick gives the cursor back to the cell.
import { useState, type ReactNode, type RefObject } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import type { BillLine } from './bill-lines';
import { BatchPicker } from './batch-picker';
import { SerialPicker } from './serial-picker';
import { depotItemIdOf, serialsOf, withBatch, withSerials } from './serials';

export interface StockPickOptions {
  lines: readonly BillLine[];
  /** Editing a stored bill: its own serials and batches stay pickable. */
  editing: boolean;
  taxIncluded: boolean;
  /** The line after a pick; the form puts the cursor in its quantity. */
  onLine: (next: BillLine) => void;
  box: RefObject<HTMLDivElement | null>;
}

export interface StockPick {
  /** The cell; `enabled` false (a product without serials or batches, or 出入库管理) shows it disabled. */
  cell: (line: BillLine, index: number, cell: 'snList' | 'batchNumber', enabled: boolean) => ReactNode;
  dialog: ReactNode;
}

export function useStockPick({ lines, editing, taxIncluded, onLine, box }: StockPickOptions): StockPick {
  const t = useT();
  const [picking, setPicking] = useState<{ cell: 'snList' | 'batchNumber'; key: string } | null>(null);
  const line = picking ? lines.find((l) => l.key === picking.key) : undefined;

  const close = () => {
    const want = picking;
    setPicking(null);
    requestAnimationFrame(() =>
      box.current?.querySelector<HTMLInputElement>(`[data-line="${want?.key}"][data-cell="${want?.cell}"]`)?.focus(),
    );
  };
  const land = (next: BillLine) => {
    setPicking(null);
    onLine(next);
  };

  const cell = (l: BillLine, index: number, name: 'snList' | 'batchNumber', enabled: boolean) => {
    const title = t(name === 'snList' ? 'bill.snList' : 'bill.batchNumber');
    const open = () => {
      if (enabled) setPicking({ cell: name, key: l.key });
    };
    return (
      <div className="bill-picked">
        <input
          className="ant-input bill-cell"
          aria-label={`${title} ${index + 1}`}
          data-line={l.key}
          data-cell={name}
          data-pick=""
          data-enter="own"
          readOnly
          disabled={!enabled}
          value={l[name]}
          onClick={open}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              open();
            }
          }}
        />
        <Button
          size="small"
          type="text"
          tabIndex={-1}
          icon={<SearchOutlined />}
          disabled={!enabled}
          aria-label={`${t(name === 'snList' ? 'serialPicker.title' : 'batchPicker.title')} ${index + 1}`}
          onClick={open}
        />
      </div>
    );
  };

  const depotItemId = line && editing ? depotItemIdOf(line) : '';
  const dialog =
    !line || !picking ? null : picking.cell === 'snList' ? (
      <SerialPicker
        barCode={line.barCode}
        depotId={line.depotId}
        depotItemId={depotItemId}
        chosen={serialsOf(line.snList)}
        onClose={close}
        onOk={(serials) => land(withSerials(line, serials, taxIncluded))}
      />
    ) : (
      <BatchPicker
        barCode={line.barCode}
        depotId={line.depotId}
        depotItemId={depotItemId}
        onClose={close}
        onPick={(batch) => land(withBatch(line, batch, taxIncluded))}
      />
    );
  return { cell, dialog };
}
