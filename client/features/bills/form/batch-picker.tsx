// 选择批号 of an outbound line: the batches of the line's barcode with stock left in its depot (oldest expiry first),
// searched by batch number; a click on 选择 (or a double click on the row) takes the batch (the form then puts the
// cursor in the line's quantity, so the dialog does not hand it back).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { stockBatches, type StockBatch } from './bill-api';
import { RowLink } from '../../../components/row-link';

export interface BatchPickerProps {
  barCode: string;
  depotId: string;
  /** The stored line being edited: its own quantity counts as still in stock. */
  depotItemId: string;
  onPick: (batch: StockBatch) => void;
  onClose: () => void;
}

export function BatchPicker({ barCode, depotId, depotItemId, onPick, onClose }: BatchPickerProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<StockBatch[] | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (name: string) => {
      const mine = ++latest.current;
      try {
        const found = await stockBatches({ name: name.trim(), depotItemId, depotId, barCode });
        if (latest.current === mine) setRows(found);
      } catch {
        // Reported by the HTTP client.
      }
    },
    [barCode, depotId, depotItemId],
  );

  useEffect(() => {
    // The dialog opens on every batch in stock. (the answer, not this call, sets the state).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load('');
  }, [load]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void load(query);
    }
  };

  return (
    <Modal
      open
      title={t('batchPicker.title')}
      width={900}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      focusable={{ focusTriggerAfterClose: false }}
      afterOpenChange={(shown) => {
        if (shown) inputRef.current?.focus();
      }}
    >
      <Space wrap>
        <Input
          ref={(el) => {
            inputRef.current = el?.input ?? null;
          }}
          value={query}
          aria-label={t('bill.batchNumber')}
          placeholder={t('batchPicker.hint')}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          style={{ width: 220 }}
        />
        <Button type="primary" onClick={() => void load(query)}>
          {t('picker.search')}
        </Button>
        <Button
          onClick={() => {
            setQuery('');
            void load('');
          }}
        >
          {t('picker.reset')}
        </Button>
      </Space>
      <table className="bill-picker" aria-label={t('batchPicker.title')}>
        <thead>
          <tr>
            <th>{t('bill.batchNumber')}</th>
            <th>{t('col.barCode')}</th>
            <th>{t('col.name')}</th>
            <th>{t('col.standard')}</th>
            <th>{t('col.model')}</th>
            <th>{t('col.unit')}</th>
            <th>{t('batchPicker.expiry')}</th>
            <th>{t('bill.stock')}</th>
            <th>
              <span className="visually-hidden">{t('table.action')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(rows ?? []).map((r) => (
            <tr key={r.batchNumber} onDoubleClick={() => onPick(r)}>
              <td>{r.batchNumber}</td>
              <td>{r.barCode}</td>
              <td>{r.name}</td>
              <td>{r.standard}</td>
              <td>{r.model}</td>
              <td>{r.unit}</td>
              <td>{r.expirationDateStr}</td>
              <td className="num">{r.totalNum}</td>
              <td>
                <RowLink onClick={() => onPick(r)}>{t('bill.pick')}</RowLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows !== null && rows.length === 0 ? <p className="bill-picker-empty">{t('batchPicker.none')}</p> : null}
    </Modal>
  );
}
