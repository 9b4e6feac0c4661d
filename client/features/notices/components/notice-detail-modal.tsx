// 通知消息: the title, 通知日期：…, and the content — as text, never HTML (server text is
// untrusted). 去处理 appears when the message names a page to handle it (openType 'url').
import { Button, Divider, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import type { Notice } from '../../../lib/backend/types';
import { useFocusBack } from '../../../lib/use-focus-back';
import { formatBackendDate } from '../../../lib/date-format';

export function NoticeDetailModal({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  useFocusBack();
  const handle = notice.openType === 'url' && notice.openPage ? notice.openPage : null;
  return (
    <Modal
      open
      title={t('notice.detailTitle')}
      width="60%"
      style={{ top: '15%' }}
      onCancel={onClose}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('notice.close')}
        </Button>,
        handle ? (
          <Button
            key="handle"
            type="primary"
            onClick={() => {
              onClose();
              navigate(handle);
            }}
          >
            {t('notice.handle')}
          </Button>
        ) : null,
      ]}
    >
      <div data-testid="notice-detail">
        <Typography.Title level={4} style={{ fontSize: 18, marginTop: 0 }}>
          {notice.msgTitle}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 14, paddingLeft: 30 }}>
          {t('notice.date', { date: formatBackendDate(notice.createTimeStr) })}
        </Typography.Text>
        <Divider />
        <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="notice-content">
          {notice.msgContent}
        </div>
      </div>
    </Modal>
  );
}
