// 分配客户 (用户管理): the customers a user may deal with, a checkbox list of the enabled customers preselected from
// the user's UserCustomer grant, saved as that grant. Saving waits for both loads (a half-loaded list would save
// a partial grant), and a failed save keeps the dialog and its checks with the backend's reason.
import { useEffect, useEffectEvent, useState, type Key } from 'react';
import { Table } from 'antd';
import type { ActionDialogProps } from '../../../components/form-kit/form-spec';
import { answerText, isOk, okData, optionList } from '../../../lib/backend/envelope';
import { http } from '../../../lib/http';
import { GrantDialog } from './grant-dialog';
import { useT } from '../../../lib/i18n/use-t';
import { saveUserBusiness } from './user-business';
import { useDialogSave } from './use-dialog-save';
import { useAppFeedback } from '../../../lib/app-feedback';

interface CustomerRow {
  id: number;
  supplier: string;
}

/** /supplier/getUserCustomerValue answers {code:200, data:[58,52]} or data null (no grant yet). */
function grantedIds(body: unknown): number[] | null {
  if (!isOk(body)) return null;
  const ids = okData(body);
  return Array.isArray(ids) ? ids.map(Number) : [];
}

export function UserCustomerModal({ row, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const userId = Number(row.id);
  const [customers, setCustomers] = useState<CustomerRow[] | null>(null);
  const [selected, setSelected] = useState<number[] | null>(null);
  const { saving, save: runSave, mounted } = useDialogSave(onDone, onClose);

  const load = useEffectEvent(() => {
    http
      .get<unknown>('/supplier/getAllCustomer')
      .then((body) => {
        if (!mounted.current) return;
        if (!isOk(body)) {
          message.warning(answerText(body) || t('sysAction.loadFailed'));
          return;
        }
        setCustomers(optionList(body).map((c) => ({ id: Number(c.id), supplier: String(c.supplier ?? '') })));
      })
      .catch(() => undefined);
    http
      .get<unknown>('/supplier/getUserCustomerValue', { UBType: 'UserCustomer', UBKeyId: userId })
      .then((body) => {
        if (!mounted.current) return;
        const ids = grantedIds(body);
        if (ids) setSelected(ids);
        else message.warning(answerText(body) || t('sysAction.loadFailed'));
      })
      .catch(() => undefined);
  });
  useEffect(() => {
    load();
  }, []);

  const ready = customers !== null && selected !== null;
  const submit = async () => {
    if (!ready) return;
    await runSave(() => saveUserBusiness('UserCustomer', userId, selected));
  };

  return (
    <GrantDialog
      title={t('sysAction.assignCustomerTitle', { name: String(row.username ?? '') })}
      saving={saving}
      ready={ready}
      onClose={onClose}
      onSave={submit}
    >
      <Table<CustomerRow>
        size="small"
        rowKey="id"
        pagination={false}
        loading={!ready || saving}
        dataSource={customers ?? []}
        scroll={{ y: 500 }}
        columns={[{ title: t('sysAction.customerName'), dataIndex: 'supplier', width: 200 }]}
        rowSelection={{
          selectedRowKeys: selected ?? [],
          onChange: (keys: Key[]) => setSelected(keys.map(Number)),
        }}
      />
    </GrantDialog>
  );
}
