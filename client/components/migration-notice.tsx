// The old-host notice: a popup telling users to switch to the new address. Like the original it
// cannot be dismissed — the old host is being retired. Shown on the login layout and the main layout.
import { Modal } from 'antd';
import type { MigrationNotice as Notice } from '../lib/injected-config';
import { useT } from '../lib/i18n/use-t';

export function MigrationNotice({ notice }: { notice: Notice | null }) {
  const t = useT();
  if (!notice) return null;
  return (
    <Modal
      open
      title={t('migration.title')}
      width={500}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
    >
      <p className="migration-notice__line">
        {t('migration.useNew')}
        <a href={notice.newAddress} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
          {notice.newAddress}
        </a>
        <a
          href={notice.newAddress}
          target="_blank"
          rel="noopener noreferrer"
          style={{ fontWeight: 'bold', marginLeft: 8 }}
        >
          {t('migration.jump')}
        </a>
      </p>
      {notice.contact ? <p>{t('migration.contact', { contact: notice.contact })}</p> : null}
    </Modal>
  );
}
