// 商品信息: the category tree on the left filters the product list on the right; the list adds the product form
// (新增 / 编辑 / 复制), 批量编辑, 修正库存 and 修正成本 to the generic list's delete, enable/disable, import and export.
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { Button, Card, Col, Row, Spin, Tree } from 'antd';
import { EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { ListView, type ListContext, type ListExtras } from '../../../components/table-page/list-view';
import type { ViewSpec } from '../../../components/table-page/view-spec';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { ButtonCode } from '../../../lib/permissions';
import { useButtonAccess } from '../../../lib/use-button-access';
import { joinIds } from '../../../lib/table/batch';
import { interpretSaveAnswer, optionList } from '../../../lib/backend/envelope';
import type { Row as ListRow } from '../../../lib/table/totals';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { MaterialForm, type ProductFormTarget } from './material-form';
import { BatchSetInfo } from './batch-set-info';
import { MaterialBarcodes } from './material-barcodes';
import { RowLink } from '../../../components/row-link';
import { useAppFeedback } from '../../../lib/app-feedback';

interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

function toTree(nodes: Record<string, unknown>[]): TreeNode[] {
  return nodes.map((n) => ({
    key: String(n.id ?? n.key),
    title: String(n.title ?? ''),
    ...(Array.isArray(n.children) && n.children.length > 0
      ? { children: toTree(n.children as Record<string, unknown>[]) }
      : {}),
  }));
}

/** The category tree as a filter: choosing a node shows its products and those of its sub-categories. */
function CategoryFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const t = useT();
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    http
      .get<unknown>('/materialCategory/getMaterialCategoryTree?id=', undefined, { silent: true })
      .then((body) => {
        if (live) setTree(toTree(optionList(body)));
      })
      .catch(() => {
        if (live) setTree([]);
      });
    return () => {
      live = false;
    };
  }, [tick]);
  return (
    <Card
      size="small"
      title={t('product.categoryTree')}
      className="product-category-filter"
      extra={
        <Button
          size="small"
          type="text"
          aria-label={t('product.refresh')}
          icon={<ReloadOutlined />}
          onClick={() => setTick((n) => n + 1)}
        />
      }
    >
      {tree === null ? (
        <Spin />
      ) : (
        <Tree<TreeNode>
          blockNode
          defaultExpandAll
          treeData={[{ key: '', title: t('product.allCategories'), children: tree }]}
          selectedKeys={[value ?? '']}
          onSelect={(keys) => onChange(keys[0] === undefined || keys[0] === '' ? undefined : String(keys[0]))}
        />
      )}
    </Card>
  );
}

/** 修正库存 / 修正成本: a selection, 确认操作, POST {ids:'a,b,'}, then the original's success text. */
function useFixAction() {
  const t = useT();
  const { message, modal } = useAppFeedback();
  return useCallback(
    (url: string, done: MessageKey, list: ListContext) => {
      if (list.selectedKeys.length === 0) {
        message.warning(t('table.selectOne'));
        return;
      }
      modal.confirm({
        title: t('table.confirmOperateTitle'),
        content: t('table.confirmOperate'),
        onOk: async () => {
          try {
            const outcome = interpretSaveAnswer(
              await http.post<unknown>(url, { ids: joinIds(list.selectedKeys.map(String)) }),
            );
            if (outcome.ok) {
              message.success(t(done));
              list.reload();
            } else {
              message.warning(outcome.message);
            }
          } catch {
            // Reported by the HTTP client.
          }
        },
      });
    },
    [t, message, modal],
  );
}

export function MaterialPage({ spec }: { spec: ViewSpec }) {
  const t = useT();
  const { message } = useAppFeedback();
  const access = useButtonAccess(spec.pageUrl);
  const canEdit = access.can(ButtonCode.edit);
  const [category, setCategory] = useState<string | undefined>();
  const [target, setTarget] = useState<ProductFormTarget | null>(null);
  const [batchIds, setBatchIds] = useState<readonly Key[] | null>(null);
  const [reloadList, setReloadList] = useState<(() => void) | null>(null);
  const fix = useFixAction();

  const extras = useMemo<ListExtras>(
    () => ({
      filters: category ? { categoryId: category } : {},
      toolbar: (list) => ({
        start: canEdit ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setReloadList(() => list.reload);
              setTarget({ mode: 'add' });
            }}
          >
            {t('form.add')}
          </Button>
        ) : null,
        end: canEdit ? (
          <>
            <Button
              icon={<EditOutlined />}
              onClick={() => {
                if (list.selectedKeys.length === 0) {
                  message.warning(t('table.selectOne'));
                  return;
                }
                setReloadList(() => list.reload);
                setBatchIds(list.selectedKeys);
              }}
            >
              {t('product.batchEdit')}
            </Button>
            <Button onClick={() => fix('/material/batchSetMaterialCurrentStock', 'product.fixStockDone', list)}>
              {t('product.fixStock')}
            </Button>
            <Button onClick={() => fix('/material/batchSetMaterialCurrentUnitPrice', 'product.fixCostDone', list)}>
              {t('product.fixCost')}
            </Button>
          </>
        ) : null,
      }),
      // Without the edit code 编辑 still opens the product, read-only (only 取消), as the original does.
      rowLinks: (row: ListRow, list) => (
        <>
          <RowLink
            onClick={() => {
              setReloadList(() => list.reload);
              setTarget({ mode: 'edit', row });
            }}
          >
            {t('form.edit')}
          </RowLink>
          {canEdit ? (
            <RowLink
              onClick={() => {
                setReloadList(() => list.reload);
                setTarget({ mode: 'copy', row });
              }}
            >
              {t('product.copy')}
            </RowLink>
          ) : null}
        </>
      ),
      rowLinkLabels: canEdit ? [t('form.edit'), t('product.copy')] : [t('form.edit')],
      detail: (row: ListRow) => <MaterialBarcodes materialId={row.id} />,
    }),
    [category, canEdit, t, message, fix],
  );

  return (
    <Row gutter={8} wrap={false} className="product-page">
      <Col flex="220px">
        <CategoryFilter value={category} onChange={setCategory} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ListView spec={spec} extras={extras} />
      </Col>
      <MaterialForm
        target={target}
        readOnly={!canEdit}
        onClose={() => setTarget(null)}
        onSaved={() => reloadList?.()}
      />
      <BatchSetInfo
        ids={batchIds as (string | number)[] | null}
        onClose={() => setBatchIds(null)}
        onSaved={() => reloadList?.()}
      />
    </Row>
  );
}
