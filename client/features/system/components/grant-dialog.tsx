// The frame of the system pages' grant dialogs (分配按钮, 分配客户, the grant trees): 800 px, not closed by the mask,
// 取消 and 保存 — 保存 spinning while the save runs and off until what it saves has loaded.
import type { ReactNode } from 'react';
import { Button, Modal, Space } from 'antd';
import { useT } from '../../../lib/i18n/use-t';

export function GrantDialog(props: {
  title: string;
  saving: boolean;
  /** What the dialog saves has loaded. */
  ready: boolean;
  onClose: () => void;
  onSave: () => Promise<void>;
  /** Footer actions before 取消 (the tree's actions). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal
      open
      title={props.title}
      width={800}
      onCancel={props.onClose}
      mask={{ closable: false }}
      footer={
        <Space>
          {props.actions}
          <Button onClick={props.onClose}>{t('form.cancel')}</Button>
          <Button type="primary" loading={props.saving} disabled={!props.ready} onClick={() => void props.onSave()}>
            {t('form.save')}
          </Button>
        </Space>
      }
    >
      {props.children}
    </Modal>
  );
}
