// 分配用户 (仓库): the users who may work in a depot; each checked user's UserDepot grant gains the depot, every
// other user's loses it.
import type { ActionDialogProps } from '../../../components/form-kit/form-spec';
import { useT } from '../../../lib/i18n/use-t';
import { GrantTreeModal } from './grant-tree-modal';
import { saveUsersHolding } from './user-business';

export function DepotUserModal({ row, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const depotId = Number(row.id);
  return (
    <GrantTreeModal
      title={t('sysAction.assignUserTitle', { name: String(row.name ?? '') })}
      savedMessage={t('sysAction.savedInfo')}
      loadUrl="/user/getUserWithChecked"
      loadParams={{ UBType: 'UserDepot', UBValue: depotId }}
      save={(keys) => saveUsersHolding('UserDepot', depotId, keys)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
