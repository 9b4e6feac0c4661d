// 分配用户 (客户): the users who may deal with a customer; each checked user's UserCustomer grant gains it, every
// other user's loses it.
import type { ActionDialogProps } from '../../../components/form-kit/form-spec';
import { useT } from '../../../lib/i18n/use-t';
import { GrantTreeModal } from './grant-tree-modal';
import { saveUsersHolding } from './user-business';

export function CustomerUserModal({ row, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const customerId = Number(row.id);
  return (
    <GrantTreeModal
      title={t('sysAction.assignUserTitle', { name: String(row.supplier ?? '') })}
      savedMessage={t('sysAction.savedInfo')}
      loadUrl="/user/getUserWithChecked"
      loadParams={{ UBType: 'UserCustomer', UBValue: customerId }}
      save={(keys) => saveUsersHolding('UserCustomer', customerId, keys)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
