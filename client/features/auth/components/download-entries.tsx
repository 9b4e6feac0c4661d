// Production-host download entries (安卓版 / iPhone版 / 小程序版): each opens a 200 px centred modal with a
// QR code of the configured URL and a single 取消 button (no corner ×).
import { AndroidFilled, AppleFilled, WechatFilled } from '@ant-design/icons';
import { Button, Modal, QRCode } from 'antd';
import { useState, type ReactNode } from 'react';
import type { DownloadEntry } from '../../../lib/injected-config';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';

const ENTRIES: Record<DownloadEntry['kind'], { label: MessageKey; title: MessageKey; icon: ReactNode }> = {
  android: { label: 'download.android', title: 'download.androidTitle', icon: <AndroidFilled /> },
  iphone: { label: 'download.iphone', title: 'download.iphoneTitle', icon: <AppleFilled /> },
  miniProgram: { label: 'download.miniProgram', title: 'download.miniProgramTitle', icon: <WechatFilled /> },
};

export function DownloadEntries({ downloads }: { downloads: DownloadEntry[] }) {
  const t = useT();
  const [open, setOpen] = useState<DownloadEntry | null>(null);
  return (
    <div className="download-entries">
      {downloads.map((entry) => {
        const meta = ENTRIES[entry.kind];
        if (!meta) return null;
        return (
          <button key={entry.kind} type="button" className="download-entries__item" onClick={() => setOpen(entry)}>
            <span className="download-entries__icon">{meta.icon}</span>
            <span>{t(meta.label)}</span>
          </button>
        );
      })}
      <Modal
        open={open !== null}
        title={open ? t(ENTRIES[open.kind].title) : ''}
        width={200}
        centered
        // The one way out is 取消; a corner × would also cover the title of so narrow a dialog.
        closable={false}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('common.cancel')}</Button>}
        destroyOnHidden
      >
        {open ? <QRCode value={open.url} size={150} bordered={false} style={{ margin: '0 auto' }} /> : null}
      </Modal>
    </div>
  );
}
