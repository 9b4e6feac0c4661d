// The dialog the bill form's search pickers share (关联单据 and the product picker): the search box with the cursor,
// the keys that move the highlight and turn the pages, and the rows (hovered: highlighted; double-clicked or 选择:
// taken).
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { Input, Modal, type ModalProps } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { RowLink } from '../../../components/row-link';

/** ↑/↓ move the highlight, PageDown/PageUp turn the pages (within what there is): true when the key was one of them. */
export function pickerMoveKey(
  e: KeyboardEvent<HTMLInputElement>,
  list: {
    rows: number;
    pages: number;
    setActive: (move: (i: number) => number) => void;
    setPage: (move: (p: number) => number) => void;
  },
): boolean {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    list.setActive((i) => Math.max(0, Math.min(list.rows - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    return true;
  }
  if (e.key === 'PageDown' || e.key === 'PageUp') {
    e.preventDefault();
    list.setPage((p) => Math.max(1, Math.min(list.pages, p + (e.key === 'PageDown' ? 1 : -1))));
    return true;
  }
  return false;
}

export interface PickerDialogProps<R> {
  open: boolean;
  title: string;
  width: number;
  onClose: () => void;
  /** The dialog's own ways beside its defaults (the product picker leaves Esc and the cursor's way back to the form). */
  modal?: Pick<ModalProps, 'keyboard' | 'focusTriggerAfterClose'>;
  /** The search box, which has the cursor once the dialog is shown. */
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  searchLabel: string;
  searchHint: string;
  /** A new text: the search starts again on its first page. */
  onType: (text: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  /** The list's header cells before its 选择 column. */
  head: ReactNode;
  rows: R[];
  /** The rows are an earlier search's or page's while the one asked is on its way: shown dimmed, marked busy. */
  busy?: boolean;
  active: number;
  setActive: (index: number) => void;
  rowKey: (row: R, index: number) => string | number;
  onPick: (row: R) => void;
  /** The row's cells before its 选择. */
  cells: (row: R) => ReactNode;
  /** Below the list: its empty text, pages, details. */
  children?: ReactNode;
}

export function PickerDialog<R>(props: PickerDialogProps<R>) {
  const t = useT();
  const { inputRef, rows, active, setActive, onPick } = props;
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      footer={null}
      width={props.width}
      destroyOnHidden
      {...props.modal}
      afterOpenChange={(shown) => {
        if (shown) inputRef.current?.focus();
      }}
    >
      <Input
        ref={(el) => {
          inputRef.current = el?.input ?? null;
        }}
        value={props.text}
        aria-label={props.searchLabel}
        placeholder={props.searchHint}
        onChange={(e) => props.onType(e.target.value)}
        onKeyDown={props.onKeyDown}
      />
      <table
        className={props.busy ? 'bill-picker bill-picker--busy' : 'bill-picker'}
        aria-label={props.title}
        aria-busy={props.busy ? true : undefined}
      >
        <thead>
          <tr>
            {props.head}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={props.rowKey(r, i)}
              aria-current={i === active ? 'true' : undefined}
              className={i === active ? 'active' : undefined}
              onMouseEnter={() => setActive(i)}
              onDoubleClick={() => onPick(r)}
            >
              {props.cells(r)}
              <td>
                <RowLink tabIndex={-1} onClick={() => onPick(r)}>
                  {t('bill.pick')}
                </RowLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.children}
    </Modal>
  );
}
