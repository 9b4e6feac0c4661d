// 查看 of a product: every barcode row (unit, SKU, the four prices), not only the first that the list row carries.
import { useEffect, useState } from 'react';
import { Spin, Table } from 'antd';
import { okObject } from '../../../lib/backend/envelope';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { renderCell } from '../../../components/table-page/cell-render';

type Row = Record<string, unknown>;

export function MaterialBarcodes({ materialId }: { materialId: unknown }) {
  const t = useT();
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    let live = true;
    http
      .get<unknown>('/materialsExtend/getDetailList', { materialId: String(materialId ?? '') }, { silent: true })
      .then((body) => {
        const data = okObject(body)?.rows;
        if (live) setRows(Array.isArray(data) ? (data as Row[]) : []);
      })
      .catch(() => {
        if (live) setRows([]);
      });
    return () => {
      live = false;
    };
  }, [materialId]);
  if (rows === null) return <Spin />;
  const money = (v: unknown) => renderCell('money', v);
  return (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      rowKey={(r) => String(r.id ?? r.barCode)}
      style={{ marginTop: 16 }}
      aria-label={t('product.barCode')}
      dataSource={rows}
      columns={[
        { title: t('col.barCode'), dataIndex: 'barCode' },
        { title: t('col.unit'), dataIndex: 'commodityUnit' },
        ...(rows.some((r) => r.sku) ? [{ title: t('product.sku'), dataIndex: 'sku' }] : []),
        { title: t('col.purchasePrice'), dataIndex: 'purchaseDecimal', align: 'right' as const, render: money },
        { title: t('col.retailPrice'), dataIndex: 'commodityDecimal', align: 'right' as const, render: money },
        { title: t('col.salePrice'), dataIndex: 'wholesaleDecimal', align: 'right' as const, render: money },
        { title: t('col.lowPrice'), dataIndex: 'lowDecimal', align: 'right' as const, render: money },
      ]}
    />
  );
}
