// 分配仓库 (用户管理): the depots a user may work in, saved as the user's UserDepot grant.
import type { ActionDialogProps } from '../../../components/form-kit/form-spec';
import { useT } from '../../../lib/i18n/use-t';
import { GrantTreeModal } from './grant-tree-modal';
import { saveUserBusiness } from './user-business';

export function UserDepotModal({ row, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const userId = Number(row.id);
  return (
    <GrantTreeModal
      title={t('sysAction.assignDepotTitle', { name: String(row.username ?? '') })}
      loadUrl="/depot/findUserDepot"
      loadParams={{ UBType: 'UserDepot', UBKeyId: userId }}
      save={(keys) => saveUserBusiness('UserDepot', userId, keys)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
