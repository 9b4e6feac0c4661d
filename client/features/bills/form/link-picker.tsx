// 关联订单 / 关联单据: the bills a new bill may take its lines from (an approved order for a receipt or a sale, the
// receipt or sale itself for a return), listed by /depotHead/list with the source kind and statuses; a click or
// Enter on a row takes it. Sale orders picked for 以销定购 show how far they are purchased.
import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { optionList } from '../../../components/form-kit/form-answer';
import { renderCell } from '../../../components/table-page/cell-render';
import type { LinkSource } from './bill-form-kinds';

export interface LinkPickerProps {
  source: LinkSource;
  onPick: (row: Record<string, unknown>) => void;
  onClose: () => void;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function LinkPicker({ source, onPick, onClose }: LinkPickerProps) {
  const t = useT();
  const [rows, setRows] = useState<Record<string, unknown>[] | null>(null);

  useEffect(() => {
    let live = true;
    http.get<unknown>('/depotHead/list', { search: JSON.stringify(source), currentPage: 1, pageSize: 50 })
      .then((body) => { if (live) setRows(optionList(body)); })
      .catch(() => { if (live) setRows([]); });
    return () => { live = false; };
  }, [source]);

  return (
    <Modal open title={t('bill.linkPicker')} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <table className="bill-picker" aria-label={t('bill.linkPicker')}>
        <thead>
          <tr><th>{t('col.billNumber')}</th><th>{t('col.billDate')}</th><th>{t('col.party')}</th><th>{t('col.materialsList')}</th>
            {source.purchaseStatus ? <th>{t('billPolish.purchaseProgress')}</th> : null}<th /></tr>
        </thead>
        <tbody>
          {(rows ?? []).map((r) => (
            <tr key={str(r.id)}>
              <td>{str(r.number)}</td><td>{str(r.operTimeStr)}</td><td>{str(r.organName)}</td><td>{str(r.materialsList)}</td>
              {source.purchaseStatus ? <td>{renderCell('purchaseStatus', r.purchaseStatus)}</td> : null}
              <td><Button size="small" type="link" onClick={() => onPick(r)}>{t('bill.pick')}</Button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows !== null && rows.length === 0 ? <p className="bill-picker-empty">{t('bill.linkNone')}</p> : null}
    </Modal>
  );
}
