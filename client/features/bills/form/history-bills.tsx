// 历史单据 (the original's HistoryBillList) from the 请购单 / 采购订单 / 采购入库 / 销售订单 / 销售出库 forms: the bills of
// the same kind, for the party chosen on the form (changeable here), searched by 单号, 商品 (条码|名称|规格|型号) and
// 单据日期 over /depotHead/list, ten a page; a bill number opens that bill's 查看.
import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { optionList } from '../../../lib/backend/envelope';
import { renderCell } from '../../../components/table-page/cell-render';
import type { Choice } from './bill-api';
import { BillDetail } from './bill-detail';
import type { BillFormKind, BillKindName } from './bill-form-kinds';
import { num } from './bill-math';
import { RowLink } from '../../../components/row-link';
import { textOf } from '../../../lib/text-of';
import { formatBackendDate } from '../../../lib/date-format';

/** The forms the original offers 历史单据 on. */
export const HISTORY_KINDS: ReadonlySet<BillKindName> = new Set([
  'purchaseApply',
  'purchaseOrder',
  'purchaseIn',
  'saleOrder',
  'saleOut',
]);

type Row = Record<string, unknown>;
interface Search {
  organId?: string;
  number?: string;
  materialParam?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const PAGE_SIZE = 10;

export interface HistoryBillsProps {
  kind: BillFormKind;
  /** The party chosen on the form when 历史单据 was pressed (the search starts with it). */
  organId: string | undefined;
  parties: Choice[];
  onClose: () => void;
}

export function HistoryBills({ kind, organId, parties, onClose }: HistoryBillsProps) {
  const t = useT();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({ organId, number: '', materialParam: '', range: null });
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ rows: Row[]; total: number } | null>(null);
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  const party = kind.party === 'supplier' || kind.party === 'customer' ? kind.party : null;

  useEffect(() => {
    let live = true;
    const query = {
      type: kind.type,
      subType: kind.subType,
      status: '',
      number: (search.number ?? '').trim(),
      materialParam: (search.materialParam ?? '').trim(),
      ...(party && search.organId ? { organId: search.organId } : {}),
      ...(search.range?.[0] ? { beginTime: search.range[0].format('YYYY-MM-DD') } : {}),
      ...(search.range?.[1] ? { endTime: search.range[1].format('YYYY-MM-DD') } : {}),
    };
    http
      .get<unknown>('/depotHead/list', { search: JSON.stringify(query), currentPage: page, pageSize: PAGE_SIZE })
      .then((body) => {
        if (live)
          setAnswer({
            rows: optionList(body),
            total: num((body as { data?: { total?: unknown } } | null)?.data?.total),
          });
      })
      .catch(() => {
        if (live) setAnswer({ rows: [], total: 0 });
      });
    return () => {
      live = false;
    };
  }, [kind.type, kind.subType, party, search, page]);

  const run = () => {
    setSearch(form.getFieldsValue());
    setPage(1);
  };
  // 重置: back to the form's party and no other condition.
  const reset = () => {
    form.resetFields();
    run();
  };
  const columns = [
    {
      title: '#',
      key: 'rowIndex',
      width: 40,
      align: 'center' as const,
      render: (_v: unknown, _r: Row, i: number) => (page - 1) * PAGE_SIZE + i + 1,
    },
    ...(party
      ? [
          {
            title: t(party === 'supplier' ? 'col.supplier' : 'col.customer'),
            dataIndex: 'organName',
            width: 120,
            ellipsis: true,
          },
        ]
      : []),
    {
      title: t('col.billNumber'),
      dataIndex: 'number',
      width: 150,
      render: (_v: unknown, r: Row) => <RowLink onClick={() => setDetailRow(r)}>{textOf(r.number)}</RowLink>,
    },
    // The original shows the first comma of the list as a full-width one.
    {
      title: t('col.materialsList'),
      dataIndex: 'materialsList',
      width: 280,
      ellipsis: true,
      render: (v: unknown) => textOf(v).replace(',', '，'),
    },
    { title: t('col.billDate'), dataIndex: 'operTimeStr', width: 160, render: (v: unknown) => formatBackendDate(v) },
    { title: t('col.operator'), dataIndex: 'userName', width: 70 },
    { title: t('col.quantity'), dataIndex: 'materialCount', width: 50 },
    ...(kind.price
      ? [
          { title: t('col.totalPrice'), dataIndex: 'totalPrice', width: 70 },
          // As the original: 优惠 + 优惠后金额 where the bill has a discounted total, else 金额合计.
          {
            title: t('col.totalTaxLastMoney'),
            dataIndex: 'totalTaxLastMoney',
            width: 70,
            render: (_v: unknown, r: Row) =>
              num(r.discountLastMoney)
                ? (num(r.discountMoney) + num(r.discountLastMoney)).toFixed(2)
                : textOf(r.totalPrice),
          },
        ]
      : []),
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: 70,
      align: 'center' as const,
      render: (v: unknown) => renderCell('billStatus', v, kind.statusWords),
    },
  ];

  return (
    <Modal
      open
      title={t('historyBills.title')}
      width={1300}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('historyBills.close')}</Button>}
    >
      <Form
        form={form}
        layout="inline"
        initialValues={{ organId, number: '', materialParam: '', range: null }}
        onFinish={run}
        style={{ rowGap: 12, marginBottom: 12 }}
      >
        {party ? (
          <Form.Item name="organId" label={t(party === 'supplier' ? 'col.supplier' : 'col.customer')}>
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              options={parties}
              placeholder={t('historyBills.choose')}
              style={{ width: 180 }}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="number" label={t('historyBills.billNo')}>
          <Input placeholder={t('historyBills.billNoHint')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="materialParam" label={t('historyBills.product')}>
          <Input placeholder={t('historyBills.productHint')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="range" label={t('col.billDate')}>
          <DatePicker.RangePicker
            format="YYYY-MM-DD"
            allowEmpty={[true, true]}
            placeholder={[t('table.beginDate'), t('table.endDate')]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('table.query')}
            </Button>
            <Button onClick={reset}>{t('table.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<Row>
        bordered
        size="middle"
        rowKey={(r) => textOf(r.id)}
        columns={columns}
        dataSource={answer?.rows ?? []}
        loading={answer === null}
        data-testid="history-bills"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: answer?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
      <BillDetail
        kind={kind}
        row={detailRow}
        canAudit={false}
        canUnaudit={false}
        statusWords={kind.statusWords}
        onClose={() => setDetailRow(null)}
        onChanged={() => undefined}
      />
    </Modal>
  );
}
