// The print preview: the bill's print sheet in an iframe, a choice of A4 sheet or 80 mm till receipt, and 打印.
// Usage: <PrintPreview open={open} bill={printable} defaultLayout="receipt80" onClose={() => setOpen(false)} />.
// Without `bill.company` the company name of the system settings is filled in. The iframe prints itself, so what
// the user sees is exactly what the printer gets; it runs no script (sandbox) and every value in it is escaped.
import { Modal, Segmented, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { fitReceiptPage, printSheetHtml, withCompanyName } from './print-bill';
import type { PrintableBill, PrintLayout } from './printable-bill';
import './print-preview.css';

export interface PrintPreviewProps {
  open: boolean;
  bill: PrintableBill | null;
  /** The layout shown first: the receipt for retail bills, A4 for the others. */
  defaultLayout?: PrintLayout;
  onClose: () => void;
}

export function PrintPreview({ open, bill, defaultLayout = 'a4', onClose }: PrintPreviewProps) {
  // Mounted only while open, so each opening starts on `defaultLayout` with the bill it was given.
  return open && bill ? <PreviewDialog bill={bill} defaultLayout={defaultLayout} onClose={onClose} /> : null;
}

function PreviewDialog({ bill, defaultLayout, onClose }: { bill: PrintableBill; defaultLayout: PrintLayout; onClose: () => void }) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const [layout, setLayout] = useState<PrintLayout>(defaultLayout);
  const [completed, setCompleted] = useState<{ from: PrintableBill; bill: PrintableBill } | null>(null);
  const shown = bill.company ? bill : completed?.from === bill ? completed.bill : null;

  useEffect(() => {
    if (bill.company) return;
    let current = true;
    void withCompanyName(bill).then((complete) => current && setCompleted({ from: bill, bill: complete }));
    return () => {
      current = false;
    };
  }, [bill]);

  const print = () => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    fitReceiptPage(win.document);
    win.focus();
    win.print();
  };

  return (
    <Modal
      open
      title={t('print.preview')}
      width={layout === 'a4' ? 900 : 420}
      okText={t('print.print')}
      onOk={print}
      okButtonProps={{ disabled: !shown }}
      onCancel={onClose}
    >
      <Segmented<PrintLayout>
        className="print-preview__layouts"
        value={layout}
        onChange={setLayout}
        options={[
          { label: t('print.a4'), value: 'a4' },
          { label: t('print.receipt'), value: 'receipt80' },
        ]}
      />
      {shown ? (
        <iframe
          ref={frame}
          className={`print-preview__sheet print-preview__sheet--${layout}`}
          title={t('print.sheet')}
          sandbox="allow-same-origin allow-modals"
          srcDoc={printSheetHtml(shown, layout)}
        />
      ) : (
        <div className="print-preview__loading">
          <Spin />
        </div>
      )}
    </Modal>
  );
}
