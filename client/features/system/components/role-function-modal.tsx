// 分配菜单 (角色管理): the functions a role opens, saved as the role's RoleFunctions grant. Parents travel with
// their children when all of them are checked, as the tree reports them.
import type { ActionDialogProps } from '../../../components/form-kit/form-spec';
import { useT } from '../../../lib/i18n/use-t';
import { GrantTreeModal } from './grant-tree-modal';
import { saveUserBusiness } from './user-business';

export function RoleFunctionModal({ row, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const roleId = Number(row.id);
  return (
    <GrantTreeModal
      title={t('sysAction.assignMenuTitle', { name: String(row.name ?? '') })}
      treeActions
      loadUrl="/function/findRoleFunction"
      loadParams={{ UBType: 'RoleFunctions', UBKeyId: roleId }}
      save={(keys) => saveUserBusiness('RoleFunctions', roleId, keys)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
