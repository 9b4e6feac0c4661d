// The print preview: the bill's print sheet in an iframe, a choice of A4 sheet, 80 mm or 58 mm till receipt, 下载 PDF
// and 打印. Usage: <PrintPreview open={open} bill={printable} defaultLayout="receipt80" onClose={() => setOpen(false)} />.
// The company name, address and phone of the system settings and the logo are filled in where the bill has none.
// The iframe prints itself, so what the user sees is exactly what the printer gets; it runs no script (sandbox) and
// every value in it is escaped.
// PDF: the browser's own print-to-PDF (the print dialog opens with a hint to choose "Save as PDF"; the file is named
// after the sheet's title and number). A PDF library would add hundreds of KB and draw CJK text only with an embedded
// font of several MB; the browser keeps the text selectable in every language, in the same layout as printed.
import { Button, Modal, Segmented, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { BackCloses } from '../../lib/use-back-closes';
import type { MessageKey } from '../../lib/i18n/i18n';
import { fitA4Table, fitSheet, printSheetHtml, withCompanyName } from './print-bill';
import { PRINT_LAYOUTS, type PrintableBill, type PrintLayout } from './printable-bill';
import './print-preview.css';
import { useAppFeedback } from '../../lib/app-feedback';
import { useFocusBack } from '../../lib/use-focus-back';

export interface PrintPreviewProps {
  open: boolean;
  bill: PrintableBill | null;
  /** The layout shown first: the receipt for retail bills, A4 for the others. */
  defaultLayout?: PrintLayout;
  onClose: () => void;
}

const LAYOUT_LABEL: Record<PrintLayout, MessageKey> = {
  a4: 'print.a4',
  receipt80: 'print.receipt80',
  receipt58: 'print.receipt58',
};
const DIALOG_WIDTH: Record<PrintLayout, number> = { a4: 900, receipt80: 440, receipt58: 380 };

export function PrintPreview({ open, bill, defaultLayout = 'a4', onClose }: PrintPreviewProps) {
  return (
    <>
      {/* Back closes the preview first (the bill's detail under it stays). */}
      <BackCloses open={open && bill !== null} onBack={onClose} />
      {/* Mounted only while open, so each opening starts on `defaultLayout` with the bill it was given. */}
      {open && bill ? <PreviewDialog bill={bill} defaultLayout={defaultLayout} onClose={onClose} /> : null}
    </>
  );
}

function PreviewDialog({
  bill,
  defaultLayout,
  onClose,
}: {
  bill: PrintableBill;
  defaultLayout: PrintLayout;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = useAppFeedback();
  useFocusBack();
  const frame = useRef<HTMLIFrameElement>(null);
  const [layout, setLayout] = useState<PrintLayout>(defaultLayout);
  const [completed, setCompleted] = useState<{ from: PrintableBill; bill: PrintableBill } | null>(null);
  const shown = completed?.from === bill ? completed.bill : null;

  useEffect(() => {
    let current = true;
    void withCompanyName(bill).then((complete) => current && setCompleted({ from: bill, bill: complete }));
    return () => {
      current = false;
    };
  }, [bill]);

  const print = () => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    fitSheet(win.document);
    win.focus();
    win.print();
  };

  const pdf = () => {
    message.info(t('print.pdfHint'));
    print();
  };

  return (
    <Modal
      open
      title={t('print.preview')}
      width={DIALOG_WIDTH[layout]}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button disabled={!shown} onClick={pdf}>
            {t('print.pdf')}
          </Button>
          <Button type="primary" disabled={!shown} onClick={print}>
            {t('print.print')}
          </Button>
        </Space>
      }
    >
      <Segmented<PrintLayout>
        className="print-preview__layouts"
        value={layout}
        onChange={setLayout}
        options={PRINT_LAYOUTS.map((value) => ({ label: t(LAYOUT_LABEL[value]), value }))}
      />
      {shown ? (
        <iframe
          ref={frame}
          className={`print-preview__sheet print-preview__sheet--${layout}`}
          title={t('print.sheet')}
          sandbox="allow-same-origin allow-modals"
          srcDoc={printSheetHtml(shown, layout)}
          onLoad={() => {
            const doc = frame.current?.contentDocument;
            if (doc) fitA4Table(doc);
          }}
        />
      ) : (
        <div className="print-preview__loading">
          <Spin />
        </div>
      )}
    </Modal>
  );
}
