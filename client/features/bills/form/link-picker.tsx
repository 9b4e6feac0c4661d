// 关联订单 / 关联单据 / 关联请购单: the bills a new bill may take its lines from (an approved order for a receipt or a
// sale, the receipt or sale itself for a return), listed by /depotHead/list with the source kind and statuses, ten a
// page. Keyboard first: the search box has the cursor (a bill number, else a product's name, barcode, standard…),
// ↑/↓ move through the bills, PageDown/PageUp turn the pages, Enter takes the highlighted bill, Esc closes. Each bill
// shows its amount, and the highlighted one its lines with what is left of each. Sale orders picked for 以销定购 show
// how far they are purchased.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Pagination } from 'antd';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { okObject, optionList } from '../../../lib/backend/envelope';
import { renderCell } from '../../../components/table-page/cell-render';
import { billLines } from './bill-api';
import type { LinkSource } from './bill-form-kinds';
import { num } from './bill-math';
import { PickerDialog, pickerMoveKey } from './picker-list';
import { textOf } from '../../../lib/text-of';
import { formatBackendDate } from '../../../lib/date-format';

export interface LinkPickerProps {
  source: LinkSource;
  onPick: (row: Record<string, unknown>) => void;
  onClose: () => void;
}

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;
/** A bill number as the sequences write it (CGDD00000000123): searched by number, anything else by product. */
const BILL_NUMBER = /^[A-Za-z]{2,4}\d+$/;

/** What a bill comes to: 价税合计 where the list has it, else 金额. */
const amountOf = (row: Record<string, unknown>): string =>
  textOf(row.totalTaxLastMoney ?? row.discountLastMoney ?? row.totalPrice);

export function LinkPicker({ source, onPick, onClose }: LinkPickerProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ rows: Record<string, unknown>[]; total: number } | null>(null);
  const [active, setActive] = useState(0);
  const [lines, setLines] = useState<{ id: string; rows: Record<string, unknown>[] } | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const rows = result?.rows ?? [];
  const activeRow = rows[active];

  useEffect(() => {
    let live = true;
    const typed = text.trim();
    const search = {
      ...source,
      ...(typed === '' ? {} : BILL_NUMBER.test(typed) ? { number: typed } : { materialParam: typed }),
    };
    const timer = setTimeout(
      () => {
        http
          .get<unknown>('/depotHead/list', { search: JSON.stringify(search), currentPage: page, pageSize: PAGE_SIZE })
          .then((body) => {
            if (!live) return;
            const total = num(okObject(body)?.total);
            setResult({ rows: optionList(body), total });
            setActive(0);
          })
          .catch(() => {
            if (live) setResult({ rows: [], total: 0 });
          });
      },
      typed === '' ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [source, text, page]);

  // The highlighted bill's lines, with what is left of each (原数量 − 已完成).
  const activeId = textOf(activeRow?.id);
  useEffect(() => {
    if (!activeId) return;
    let live = true;
    billLines(activeId)
      .then((found) => {
        if (live) setLines({ id: activeId, rows: found });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [activeId]);

  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / PAGE_SIZE));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (pickerMoveKey(e, { rows: rows.length, pages, setActive, setPage })) return;
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (activeRow) onPick(activeRow);
    }
  };

  const shownLines = lines && lines.id === activeId ? lines.rows : [];
  return (
    <PickerDialog
      open
      title={t('bill.linkPicker')}
      width={960}
      onClose={onClose}
      inputRef={inputRef}
      text={text}
      searchLabel={t('entry.linkSearch')}
      searchHint={t('entry.linkSearchHint')}
      onType={(typed) => {
        setText(typed);
        setPage(1);
      }}
      onKeyDown={onKeyDown}
      head={
        <>
          <th>{t('col.billNumber')}</th>
          <th>{t('col.billDate')}</th>
          <th>{t('col.party')}</th>
          <th>{t('col.materialsList')}</th>
          <th className="num">{t('col.quantity')}</th>
          <th className="num">{t('entry.linkAmount')}</th>
          {source.purchaseStatus ? <th>{t('billStatus.purchaseProgress')}</th> : null}
        </>
      }
      rows={rows}
      active={active}
      setActive={setActive}
      rowKey={(r) => textOf(r.id)}
      onPick={onPick}
      cells={(r) => (
        <>
          <td>{textOf(r.number)}</td>
          <td>{formatBackendDate(r.operTimeStr)}</td>
          <td>{textOf(r.organName)}</td>
          <td>{textOf(r.materialsList)}</td>
          <td className="num">{textOf(r.materialCount)}</td>
          <td className="num">{amountOf(r)}</td>
          {source.purchaseStatus ? <td>{renderCell('purchaseStatus', r.purchaseStatus)}</td> : null}
        </>
      )}
    >
      {result !== null && rows.length === 0 ? <p className="bill-picker-empty">{t('bill.linkNone')}</p> : null}
      {(result?.total ?? 0) > PAGE_SIZE ? (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={result?.total ?? 0}
          showSizeChanger={false}
          onChange={(p) => {
            setPage(p);
            inputRef.current?.focus();
          }}
          style={{ marginTop: 8, textAlign: 'right' }}
        />
      ) : null}
      {activeRow && shownLines.length > 0 ? (
        <table
          className="bill-picker bill-picker-lines"
          aria-label={t('entry.linkLines', { number: textOf(activeRow.number) })}
        >
          <thead>
            <tr>
              <th>{t('col.barCode')}</th>
              <th>{t('col.name')}</th>
              <th>{t('col.unit')}</th>
              <th className="num">{t('entry.linkOrdered')}</th>
              <th className="num">{t('entry.linkDone')}</th>
              <th className="num">{t('entry.linkLeft')}</th>
              <th className="num">{t('bill.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {shownLines.map((l) => {
              const ordered = num(l.preNumber ?? l.operNumber) || num(l.operNumber);
              const done = num(l.finishNumber);
              return (
                <tr key={textOf(l.id)}>
                  <td>{textOf(l.barCode)}</td>
                  <td>{textOf(l.name)}</td>
                  <td>{textOf(l.unit)}</td>
                  <td className="num">{ordered}</td>
                  <td className="num">{done}</td>
                  <td className="num">{Math.max(0, Math.round((ordered - done) * 10000) / 10000)}</td>
                  <td className="num">{textOf(l.taxLastMoney ?? l.allPrice)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </PickerDialog>
  );
}
