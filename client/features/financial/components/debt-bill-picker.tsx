// 选择单据 of 收款/付款: the chosen party's sales (purchase) bills that still owe money, with what each bill owes, what
// has been settled and what is left; the ticked bills become the grid's lines (a double click takes one at once).
import { useEffect, useState, type Key } from 'react';
import { Modal, Table } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import type { BillFormKind } from '../financial-bill-kinds';
import type { DebtBill } from '../financial-bill-math';
import { useAppFeedback } from '../../../lib/app-feedback';
import { formatBackendDate } from '../../../lib/date-format';

type Row = DebtBill & Record<string, unknown>;

export interface DebtBillPickerProps {
  kind: BillFormKind;
  /** The party whose bills to show; null = closed. */
  organId: number | null;
  onClose: () => void;
  onPick: (bills: DebtBill[]) => void;
  load: (kind: BillFormKind, organId: number) => Promise<DebtBill[]>;
}

export function DebtBillPicker({ kind, organId, onClose, onPick, load }: DebtBillPickerProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const debt = kind.debt!;

  useEffect(() => {
    if (organId === null) return;
    let live = true;
    // Each opening lists the bills afresh, nothing ticked: the last opening's rows (what each bill owed then) go at
    // once, or a bill settled since would show its old debt until the answer lands.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSelected([]);
    setRows([]);
    setLoading(true);
    load(kind, organId)
      .then((list) => {
        if (live) setRows(list as Row[]);
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : '';
        if (live && reason) message.warning(reason);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [organId, kind, load, message]);

  const take = (keys: Key[]) => onPick(rows.filter((r) => keys.includes(r.id)));

  return (
    <Modal
      open={organId !== null}
      title={t(debt.title)}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      onOk={() => take(selected)}
      okText={t('finance.pickOk')}
      cancelText={t('form.cancel')}
    >
      <Table<Row>
        size="small"
        bordered
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 420 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        onRow={(row) => ({
          onDoubleClick: () => take([row.id]),
        })}
        columns={[
          { title: t(kind.party!.label), dataIndex: 'organName', width: 160, ellipsis: true },
          { title: t('finance.col.billNo'), dataIndex: 'number', width: 160 },
          { title: t('finance.col.materials'), dataIndex: 'materialsList', width: 200, ellipsis: true },
          {
            title: t('finance.col.billDate'),
            dataIndex: 'operTimeStr',
            width: 160,
            render: (v: unknown) => formatBackendDate(v),
          },
          { title: t('finance.col.operator'), dataIndex: 'userName', width: 90, ellipsis: true },
          { title: t('finance.col.billDebt'), dataIndex: 'needDebt', width: 90, align: 'right' },
          { title: t(debt.settledColumn), dataIndex: 'finishDebt', width: 90, align: 'right' },
          { title: t(debt.owingColumn), dataIndex: 'debt', width: 90, align: 'right' },
        ]}
      />
    </Modal>
  );
}
