// The product picker of a line's barcode cell: searches /material/findBySelect (barcode, name, pinyin initials,
// standard, model…) as the user types, 10, 20 or 30 a page with the count found (the original's JSelectMaterialModal);
// ↑/↓ move the highlight, PageDown/PageUp turn the pages, Enter takes it, Esc closes. One hit equal to
// what was typed is taken at once. Keys typed while the dialog opens (before its search box has the cursor) are
// kept in the search, and an Enter pressed before the answer for the text arrived takes the first product of that
// answer — never a row of an older search.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Pagination } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { findMaterials } from './bill-api';
import { PickerDialog, pickerMoveKey } from './picker-list';
import { textOf } from '../../../lib/text-of';
import { quantityText } from '../../../lib/number-format';

export interface MaterialPickerProps {
  open: boolean;
  query: string;
  depotId: string;
  onPick: (barCode: string) => void;
  onClose: () => void;
}

const searchKey = (text: string, page: number, size: number): string => `${text.trim()}\n${page}\n${size}`;
const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [10, 20, 30];

export function MaterialPicker({ open, query, depotId, onPick, onClose }: MaterialPickerProps) {
  const t = useT();
  const [text, setText] = useState(query);
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [active, setActive] = useState(0);
  const [searched, setSearched] = useState(false);
  /** The search (text, page and size) the shown rows answer. */
  const [rowsFor, setRowsFor] = useState<string | null>(null);
  /** Enter came before the rows for the text: take the first once they arrive. */
  const [pickWhenFound, setPickWhenFound] = useState(false);
  const latest = useRef(0);
  const inputRef = useRef<HTMLInputElement | null>(null);

  // Until the search box has the cursor, printable keys (and Enter) typed anywhere belong to it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const input = inputRef.current;
      if (input && document.activeElement === input) return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (e.key.length === 1) {
        e.preventDefault();
        e.stopPropagation();
        setText((v) => v + e.key);
        setPage(1);
      } else if (e.key === 'Backspace') {
        e.preventDefault();
        e.stopPropagation();
        setText((v) => v.slice(0, -1));
        setPage(1);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        setPickWhenFound(true);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const mine = ++latest.current;
    const key = searchKey(text, page, pageSize);
    // A new text waits for the typing to pause; another page of the same text is asked at once.
    const timer = setTimeout(
      () => {
        findMaterials(text.trim(), depotId, page, pageSize)
          .then((found) => {
            if (latest.current !== mine) return;
            setRows(found.rows);
            setTotal(found.total);
            setRowsFor(key);
            setActive(0);
            setSearched(true);
          })
          .catch(() => {
            /* reported by the HTTP client */
          });
      },
      rowsFor !== null && rowsFor.startsWith(`${text.trim()}\n`) ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
    // rowsFor only picks the delay, never asks again by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, text, depotId, page, pageSize]);

  const current = rowsFor === searchKey(text, page, pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (!pickWhenFound || !current) return;
    const row = rows[0];
    if (row) onPick(textOf(row.mBarCode));
    // Nothing found: the Enter is spent, the dialog stays for another try.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else setPickWhenFound(false);
  }, [pickWhenFound, current, rows, onPick]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (pickerMoveKey(e, { rows: rows.length, pages, setActive, setPage })) return;
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!current) {
        setPickWhenFound(true);
        return;
      }
      const row = rows[active];
      if (row) onPick(textOf(row.mBarCode));
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    // The form puts the cursor where the pick leads (the line's quantity), so the dialog does not hand it back.
    <PickerDialog
      open={open}
      title={t('bill.picker')}
      width={760}
      onClose={onClose}
      modal={{ keyboard: false, focusTriggerAfterClose: false }}
      inputRef={inputRef}
      text={text}
      searchLabel={t('bill.picker')}
      searchHint={t('bill.pickerHint')}
      onType={(typed) => {
        setText(typed);
        setPage(1);
      }}
      onKeyDown={onKeyDown}
      head={
        <>
          <th>{t('col.barCode')}</th>
          <th>{t('col.name')}</th>
          <th>{t('col.standard')}</th>
          <th>{t('col.model')}</th>
          <th>{t('col.unit')}</th>
          <th>{t('bill.stock')}</th>
        </>
      }
      rows={rows}
      busy={!current}
      active={active}
      setActive={setActive}
      rowKey={(r, i) => textOf(r.id) || i}
      onPick={(r) => onPick(textOf(r.mBarCode))}
      cells={(r) => (
        <>
          <td>{textOf(r.mBarCode)}</td>
          <td>{textOf(r.name)}</td>
          <td>{textOf(r.standard)}</td>
          <td>{textOf(r.model)}</td>
          <td>{textOf(r.unit)}</td>
          <td>{quantityText(r.stock)}</td>
        </>
      )}
    >
      {searched && rows.length === 0 ? <p className="bill-picker-empty">{t('bill.pickerEmpty')}</p> : null}
      {total > 0 ? (
        <Pagination
          size="small"
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES}
          showTotal={(all, [from, to]) => t('table.total', { from, to, total: all })}
          onChange={(next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
            inputRef.current?.focus();
          }}
          style={{ marginTop: 8, textAlign: 'right' }}
        />
      ) : null}
    </PickerDialog>
  );
}
