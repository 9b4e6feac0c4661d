// The checkbox-tree dialog behind 分配仓库 (a user's depots), 分配菜单 (a role's functions) and 分配用户 (a depot's
// or customer's users): the tree loads with the granted nodes checked and every branch open; 保存 sends the checked
// keys and closes. Saving waits for the tree (an unloaded tree would save an empty grant), and a failed save keeps
// the dialog and its checks with the backend's reason.
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Button, Dropdown, Spin, Tree, type TreeDataNode } from 'antd';
import { UpOutlined } from '@ant-design/icons';
import { answerText, type SaveOutcome } from '../../../lib/backend/envelope';
import { http, type QueryParams } from '../../../lib/http';
import { GrantDialog } from './grant-dialog';
import { useT } from '../../../lib/i18n/use-t';
import { allKeysOf, checkedKeysOf, parentKeysOf, readGrantTree, type GrantNode } from './check-tree';
import { useDialogSave } from './use-dialog-save';
import { useAppFeedback } from '../../../lib/app-feedback';

export interface GrantTreeModalProps {
  title: string;
  loadUrl: string;
  loadParams: QueryParams;
  save: (checkedKeys: number[]) => Promise<SaveOutcome>;
  /** Shown after a save went through (分配用户: 保存成功); none: the dialog just closes, as the original's. */
  savedMessage?: string;
  /** The 树操作 menu (分配菜单): 父子关联 / 取消关联, 全部勾选 / 取消全选, 展开所有 / 合并所有. */
  treeActions?: boolean;
  onClose: () => void;
  onDone: () => void;
}

const toTreeData = (nodes: readonly GrantNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, ...(n.children ? { children: toTreeData(n.children) } : {}) }));

export function GrantTreeModal({
  title,
  loadUrl,
  loadParams,
  save,
  savedMessage,
  treeActions,
  onClose,
  onDone,
}: GrantTreeModalProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const [tree, setTree] = useState<GrantNode[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [checked, setChecked] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [strict, setStrict] = useState(false);
  const { saving, save: runSave, mounted } = useDialogSave(onDone, onClose);
  const treeData = useMemo(() => (tree ? toTreeData(tree) : []), [tree]);

  const load = useEffectEvent(() => {
    http
      .get<unknown>(loadUrl, loadParams)
      .then((body) => {
        if (!mounted.current) return;
        const nodes = readGrantTree(body);
        if (!nodes) {
          message.warning(answerText(body) || t('sysAction.loadFailed'));
          return;
        }
        setTree(nodes);
        setChecked(checkedKeysOf(nodes));
        setExpanded(parentKeysOf(nodes));
      })
      .catch(() => undefined /* Reported by the HTTP client. */)
      .finally(() => {
        if (mounted.current) setLoading(false);
      });
  });
  useEffect(() => {
    load();
  }, []);

  const submit = async () => {
    if (!tree) return;
    await runSave(() => save(checked), savedMessage ? () => message.info(savedMessage) : undefined);
  };

  const onTreeAction = (key: string) => {
    if (!tree) return;
    if (key === 'link') setStrict(false);
    else if (key === 'unlink') setStrict(true);
    else if (key === 'checkAll') setChecked(allKeysOf(tree));
    else if (key === 'uncheckAll') setChecked([]);
    else if (key === 'expandAll') setExpanded(parentKeysOf(tree));
    else if (key === 'collapseAll') setExpanded([]);
  };

  return (
    <GrantDialog
      title={title}
      saving={saving}
      ready={!!tree}
      onClose={onClose}
      onSave={submit}
      actions={
        treeActions ? (
          <Dropdown
            trigger={['click']}
            placement="top"
            menu={{
              onClick: ({ key }) => onTreeAction(key),
              items: [
                { key: 'link', label: t('sysAction.linked') },
                { key: 'unlink', label: t('sysAction.unlinked') },
                { key: 'checkAll', label: t('sysAction.checkAll') },
                { key: 'uncheckAll', label: t('sysAction.uncheckAll') },
                { key: 'expandAll', label: t('sysAction.expandAll') },
                { key: 'collapseAll', label: t('sysAction.collapseAll') },
              ],
            }}
          >
            <Button>
              {t('sysAction.treeActions')} <UpOutlined />
            </Button>
          </Dropdown>
        ) : null
      }
    >
      <Spin spinning={loading || saving}>
        <div className="grant-tree" style={{ minHeight: 120 }}>
          {tree ? (
            <Tree
              checkable
              selectable={false}
              checkStrictly={strict}
              treeData={treeData}
              checkedKeys={checked}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(Number))}
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
            />
          ) : null}
        </div>
      </Spin>
    </GrantDialog>
  );
}
