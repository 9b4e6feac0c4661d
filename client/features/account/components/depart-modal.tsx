// 部门切换: opens only when the user has departments, else warns
// 您尚未设置部门信息! — which is also what a real jshERP-boot gives (it has no such endpoints: 404). No choice
// marks the select as an error; the current department is chosen to start with; OK stores the returned user info
// (7 days) and says the switch succeeded.
import { GoldOutlined } from '@ant-design/icons';
import { Avatar, Button, Modal, Select } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { storedUser } from '../../../lib/session';
import { SESSION_TTL_MS, storage, StorageKeys } from '../../../lib/storage';
import type { Department } from '../../../lib/backend/types';
import { fetchCurrentUserDeparts, selectDepart } from '../api';
import { useAppFeedback } from '../../../lib/app-feedback';
import { HintIcon } from '../../../components/hint-icon';

interface DepartState {
  list: Department[];
  current: string | null;
}

function DepartModal({ state, onClose }: { state: DepartState; onClose: () => void }) {
  const t = useT();
  const { message } = useAppFeedback();
  const [choice, setChoice] = useState<string | undefined>(() =>
    state.list.some((d) => d.orgCode === state.current) ? (state.current as string) : undefined,
  );
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const currentName = state.list.find((d) => d.orgCode === state.current)?.departName;

  const confirm = async () => {
    if (!choice) {
      setInvalid(true);
      return;
    }
    setSaving(true);
    try {
      const user = storedUser(storage);
      const reply = await selectDepart(choice, String(user?.loginName ?? ''));
      if (reply?.success && reply.result?.userInfo) {
        storage.set(StorageKeys.userInfo, reply.result.userInfo, SESSION_TTL_MS);
        const name = state.list.find((d) => d.orgCode === choice)?.departName ?? choice;
        message.success(t('account.departSwitched', { name }));
        onClose();
      } else {
        message.warning(reply?.message || t('account.departNone'));
      }
    } catch {
      message.warning(t('account.departNone'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={450}
      closable={false}
      maskClosable
      title={currentName ? t('account.departTitleCurrent', { name: currentName }) : t('account.departTitle')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('account.close')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={confirm}>
          {t('account.departConfirm')}
        </Button>,
      ]}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }} data-testid="depart-select">
        <Avatar style={{ backgroundColor: '#87d068', flex: 'none' }} icon={<GoldOutlined />} />
        <Select
          style={{ width: '80%' }}
          status={invalid ? 'error' : undefined}
          placeholder={t('account.departPlaceholder')}
          value={choice}
          onChange={(value: string) => {
            setChoice(value);
            setInvalid(false);
          }}
          options={state.list.map((d) => ({ value: d.orgCode, label: d.departName }))}
        />
        <HintIcon text={t('account.departHint')} />
      </div>
    </Modal>
  );
}

/** `open()` loads the user's departments and shows the modal, or warns when there are none; render `modal`. */
export function useDepartModal(): { open: () => Promise<void>; modal: ReactNode } {
  const t = useT();
  const { message } = useAppFeedback();
  const [state, setState] = useState<DepartState | null>(null);
  const open = useCallback(async () => {
    let list: Department[] = [];
    let current: string | null = null;
    try {
      const reply = await fetchCurrentUserDeparts();
      if (reply?.success && reply.result) {
        list = Array.isArray(reply.result.list) ? reply.result.list : [];
        current = reply.result.orgCode ?? null;
      }
    } catch {
      // 404 on jshERP-boot (no such endpoint) or any failure: the same as "no departments"
    }
    if (list.length === 0) {
      message.warning(t('account.departNone'));
      return;
    }
    setState({ list, current });
  }, [message, t]);
  const modal = state === null ? null : <DepartModal state={state} onClose={() => setState(null)} />;
  return { open, modal };
}
