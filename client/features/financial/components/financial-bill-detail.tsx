// 查看: a saved financial bill, read only — its head, its lines and amounts, 附件 as links — with 打印 on the shared
// print sheet and, for an audited bill and a user holding the un-audit code, 反审核 (confirmed first, as the original's
// detail asks).
import { useMemo, useState } from 'react';
import { Button, Modal, Table } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { DetailList } from '../../../components/detail-list/detail-list';
import { AttachmentLinks } from '../../../components/form-kit/file-upload';
import { PrintPreview } from '../../../components/print/print-preview';
import { useT } from '../../../lib/i18n/use-t';
import type { LoadedBill } from '../api';
import type { BillFormKind } from '../financial-bill-kinds';
import { printableFinancialBill } from '../financial-print';
import './financial-bill-form.css';
import { useAppFeedback } from '../../../lib/app-feedback';

export interface FinancialBillDetailProps {
  kind: BillFormKind;
  bill: LoadedBill | null;
  company?: string;
  /** 反审核 is offered (the un-audit code 7); it resolves once the backend has answered. */
  onUnaudit?: (head: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}

export function FinancialBillDetail({ kind, bill, company, onUnaudit, onClose }: FinancialBillDetailProps) {
  const t = useT();
  const { modal } = useAppFeedback();
  const [previewing, setPreviewing] = useState(false);
  const printable = useMemo(
    () => (bill ? printableFinancialBill(kind, bill.head, bill.detail, t, company) : null),
    [kind, bill, t, company],
  );
  const status = bill?.head.status === '1' ? t('opt.audited') : t('opt.unaudited');
  return (
    <Modal
      open={bill !== null}
      title={`${t(kind.title)} - ${t('table.detail')}`}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        ...(onUnaudit && bill?.head.status === '1'
          ? [
              <Button
                key="unaudit"
                onClick={() =>
                  modal.confirm({
                    title: t('table.confirmOperateTitle'),
                    content: t('finance.confirmUnaudit'),
                    onOk: () => onUnaudit(bill.head),
                  })
                }
              >
                {t('table.unaudit')}
              </Button>,
            ]
          : []),
        <Button key="print" icon={<PrinterOutlined />} disabled={!printable} onClick={() => setPreviewing(true)}>
          {t('finance.print')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('finance.close')}
        </Button>,
      ]}
    >
      {printable ? (
        <div className="financial-bill-detail">
          <DetailList
            col={4}
            size="small"
            items={[
              ...printable.head.map((f) => ({ term: f.label, value: f.value })),
              { term: t('col.status'), value: status },
            ]}
          />
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="index"
            dataSource={printable.rows}
            columns={printable.columns.map((c) => ({ title: c.title, dataIndex: c.key, key: c.key, align: c.align }))}
          />
          <div style={{ marginTop: 12 }}>
            <DetailList
              col={4}
              size="small"
              items={[...printable.totals, ...printable.footer].map((f) => ({ term: f.label, value: f.value }))}
            />
          </div>
          <AttachmentLinks fileName={bill?.head.fileName} />
        </div>
      ) : null}
      <PrintPreview open={previewing && printable !== null} bill={printable} onClose={() => setPreviewing(false)} />
    </Modal>
  );
}
