// 选择序列号 of an outbound line: the unsold serial numbers of the line's barcode in its depot, a page at a time,
// searched by one number or several separated by commas (a scanned number found alone is chosen at once); 选中 adds
// one to the chosen list, 全选 the whole page, 移除 / 清空 take them back; 确定 hands the list to the line (the form
// then puts the cursor in its quantity, so the dialog does not hand it back).
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Input, Modal, Pagination, Space } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { stockSerials, type SerialPage } from './bill-api';
import { RowLink } from '../../../components/row-link';
import { useAppFeedback } from '../../../lib/app-feedback';
import { formatBackendDate } from '../../../lib/date-format';

export interface SerialPickerProps {
  barCode: string;
  depotId: string;
  /** The stored line being edited: its own serials stay pickable. */
  depotItemId: string;
  /** The line's serials so far. */
  chosen: readonly string[];
  onOk: (serials: string[]) => void;
  onClose: () => void;
}

const PAGE_SIZE = 10;

export function SerialPicker({ barCode, depotId, depotItemId, chosen: initial, onOk, onClose }: SerialPickerProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<SerialPage>({ rows: [], total: 0, missInfo: '' });
  const [current, setCurrent] = useState(1);
  const [chosen, setChosen] = useState<string[]>([...initial]);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const latest = useRef(0);

  // The chosen list as last rendered, for the duplicate check outside the state update (which must stay pure).
  const chosenNow = useRef(chosen);
  useLayoutEffect(() => {
    chosenNow.current = chosen;
  }, [chosen]);

  const choose = useCallback(
    (serial: string) => {
      if (chosenNow.current.includes(serial)) {
        message.warning(t('serialPicker.chosenTwice'));
        return;
      }
      chosenNow.current = [...chosenNow.current, serial];
      setChosen(chosenNow.current);
    },
    [message, t],
  );

  const load = useCallback(
    async (name: string, pageNo: number) => {
      const mine = ++latest.current;
      try {
        const found = await stockSerials({ name, depotItemId, depotId, barCode }, pageNo, PAGE_SIZE);
        if (latest.current !== mine) return;
        setPage(found);
        setCurrent(pageNo);
        if (found.missInfo) message.warning(t('serialPicker.notFound', { list: found.missInfo }));
        // A scanned (or typed) number found alone is chosen at once and the field emptied for the next one.
        if (found.total === 1 && found.rows[0]?.serialNumber === name.trim()) {
          choose(found.rows[0].serialNumber);
          setQuery('');
        }
      } catch {
        // Reported by the HTTP client.
      }
    },
    [barCode, depotId, depotItemId, choose, message, t],
  );

  useEffect(() => {
    // The dialog opens on the first page of the whole list. (the answer, not this call, sets the state).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load('', 1);
  }, [load]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void load(query, 1);
    }
  };

  const chooseAll = () =>
    setChosen((list) => [...list, ...page.rows.map((r) => r.serialNumber).filter((s) => !list.includes(s))]);

  return (
    <Modal
      open
      title={t('serialPicker.title')}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      focusable={{ focusTriggerAfterClose: false }}
      okText={t('common.ok')}
      cancelText={t('form.cancel')}
      onOk={() => onOk(chosen)}
      afterOpenChange={(shown) => {
        if (shown) inputRef.current?.focus();
      }}
    >
      <div className="bill-sn">
        <div className="bill-sn-stock">
          <Space wrap>
            <Input
              ref={(el) => {
                inputRef.current = el?.input ?? null;
              }}
              value={query}
              aria-label={t('bill.snList')}
              placeholder={t('serialPicker.hint')}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onKeyDown}
              style={{ width: 260 }}
            />
            <Button type="primary" onClick={() => void load(query, 1)}>
              {t('picker.search')}
            </Button>
            <Button onClick={chooseAll}>{t('serialPicker.chooseAll')}</Button>
            <Button
              onClick={() => {
                setQuery('');
                void load('', 1);
              }}
            >
              {t('picker.reset')}
            </Button>
          </Space>
          <table className="bill-picker" aria-label={t('serialPicker.stock')}>
            <thead>
              <tr>
                <th>{t('bill.snList')}</th>
                <th>{t('serialPicker.inBillNo')}</th>
                <th>{t('serialPicker.createTime')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.serialNumber}</td>
                  <td>{r.inBillNo}</td>
                  <td>{formatBackendDate(r.createTimeStr)}</td>
                  <td>
                    <RowLink onClick={() => choose(r.serialNumber)}>{t('serialPicker.choose')}</RowLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.total > PAGE_SIZE ? (
            <Pagination
              size="small"
              simple
              current={current}
              pageSize={PAGE_SIZE}
              total={page.total}
              onChange={(n) => void load(query, n)}
            />
          ) : null}
        </div>
        <div className="bill-sn-chosen">
          <Space>
            <b>{t('serialPicker.chosenTitle')}</b>
            <Button size="small" onClick={() => setChosen([])}>
              {t('serialPicker.clear')}
            </Button>
          </Space>
          <table className="bill-picker" aria-label={t('serialPicker.chosenTitle')}>
            <thead>
              <tr>
                <th>{t('bill.snList')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {chosen.map((s) => (
                <tr key={s}>
                  <td>{s}</td>
                  <td>
                    <RowLink onClick={() => setChosen((list) => list.filter((x) => x !== s))}>
                      {t('serialPicker.remove')}
                    </RowLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{t('serialPicker.chosenCount', { n: String(chosen.length) })}</p>
        </div>
      </div>
    </Modal>
  );
}
