// 商品库存: the report (report-specs) with the original's 分布 link in each row — the product's stock per depot
// (GET /material/getMaterialDepotStock, over the depots chosen in the search, else the caller's), in a dialog titled
// 查看商品库存分布（条码：…，名称：…）: 仓库名称, 库存数量, 成本价, 库存金额.
import { useEffect, useMemo, useState } from 'react';
import { Button, Modal, Table } from 'antd';
import { ListView, type ListExtras } from '../../components/table-page/list-view';
import { renderCell } from '../../components/table-page/cell-render';
import { http } from '../../lib/http';
import { useT } from '../../lib/i18n/use-t';
import { reportSpec } from './report-specs';
import { RowLink } from '../../components/row-link';

type Row = Record<string, unknown>;

const spec = reportSpec('materialStock');
const PAGE_SIZE = 10;

function DepotStockDialog({ row, depotIds, onClose }: { row: Row | null; depotIds: string; onClose: () => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ rows: Row[]; total: number } | null>(null);
  const materialId = row ? String(row.id ?? '') : '';
  useEffect(() => {
    if (!materialId) return;
    let live = true;
    http
      .get<{ code?: number; data?: { rows?: Row[]; total?: number } }>('/material/getMaterialDepotStock', {
        depotIds,
        materialId,
        currentPage: page,
        pageSize: PAGE_SIZE,
      })
      .then((body) => {
        if (live) setAnswer({ rows: body?.data?.rows ?? [], total: body?.data?.total ?? 0 });
      })
      .catch(() => {
        if (live) setAnswer({ rows: [], total: 0 });
      });
    return () => {
      live = false;
    };
  }, [materialId, depotIds, page]);
  const close = () => {
    setAnswer(null);
    setPage(1);
    onClose();
  };
  return (
    <Modal
      open={row !== null}
      width={800}
      title={
        row
          ? t('materialStock.depotStockTitle', { barCode: String(row.mBarCode ?? ''), name: String(row.name ?? '') })
          : ''
      }
      onCancel={close}
      maskClosable={false}
      footer={<Button onClick={close}>{t('form.cancel')}</Button>}
      destroyOnHidden
    >
      <Table<Row>
        bordered
        size="middle"
        rowKey={(r) => String(r.depotId ?? r.id)}
        loading={answer === null}
        dataSource={answer?.rows ?? []}
        data-testid="depot-stock"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: answer?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '#',
            key: 'rowIndex',
            width: 40,
            align: 'center',
            render: (_v, _r, index) => (page - 1) * PAGE_SIZE + index + 1,
          },
          { title: t('materialStock.depotName'), dataIndex: 'depotName', width: 200 },
          {
            title: t('materialStock.stockQuantity'),
            dataIndex: 'currentNumber',
            width: 100,
            render: (v: unknown) => renderCell('quantity', v),
          },
          {
            title: t('materialStock.costPrice'),
            dataIndex: 'unitPrice',
            width: 100,
            render: (v: unknown) => renderCell('money', v),
          },
          {
            title: t('col.currentStockPrice'),
            dataIndex: 'allPrice',
            width: 100,
            render: (v: unknown) => renderCell('money', v),
          },
        ]}
      />
    </Modal>
  );
}

export default function MaterialStockPage() {
  const t = useT();
  const [shown, setShown] = useState<{ row: Row; depotIds: string } | null>(null);
  const label = t('materialStock.distribution');
  const extras = useMemo<ListExtras>(
    () => ({
      rowLinks: (row, list) => (
        <RowLink
          onClick={() =>
            setShown({ row, depotIds: typeof list.filters.depotIds === 'string' ? list.filters.depotIds : '' })
          }
        >
          {label}
        </RowLink>
      ),
      rowLinkLabels: [label],
    }),
    [label],
  );
  return (
    <>
      <ListView spec={spec} extras={extras} />
      <DepotStockDialog row={shown?.row ?? null} depotIds={shown?.depotIds ?? ''} onClose={() => setShown(null)} />
    </>
  );
}
