// 通知: the user's messages, 5 a page (5/10/20/30), title filter, 查询 / 重置 / 全部标注已读;
// unread in bold; 查看 marks read, reloads and opens the message. Fetched when opened (not at header mount).
import { BookOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Space, Table, type TableProps } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { answerText, isOk, okObject } from '../../../lib/backend/envelope';
import type { Notice } from '../../../lib/backend/types';
import { fetchNoticePage, markAllRead, markRead } from '../api';
import { RowLink } from '../../../components/row-link';
import { useAppFeedback } from '../../../lib/app-feedback';
import { useFocusBack } from '../../../lib/use-focus-back';
import { formatBackendDate } from '../../../lib/date-format';

export const NOTICE_PAGE_SIZE = 5;
export const NOTICE_PAGE_SIZES = ['5', '10', '20', '30'];

export interface MsgListModalProps {
  onClose: () => void;
  /** Open one message (after it was marked read). */
  onView: (notice: Notice) => void;
  /** Something was marked read: the bell should refetch. */
  onChanged: () => void;
}

export function MsgListModal({ onClose, onView, onChanged }: MsgListModalProps) {
  const t = useT();
  const { message, modal } = useAppFeedback();
  useFocusBack();
  const [name, setName] = useState('');
  const [query, setQuery] = useState({ name: '', current: 1, pageSize: NOTICE_PAGE_SIZE });
  const [rows, setRows] = useState<Notice[]>([]);
  const [total, setTotal] = useState(0);
  // A reload asks again with the same query; the list is loading until the current request is answered.
  const [reloads, setReloads] = useState(0);
  const load = useCallback(() => setReloads((n) => n + 1), []);
  const requestKey = JSON.stringify([query, reloads]);
  const [answeredKey, setAnsweredKey] = useState<string | null>(null);
  const loading = answeredKey !== requestKey;

  useEffect(() => {
    let current = true;
    fetchNoticePage(query.name, query.current, query.pageSize)
      .then((reply) => {
        if (!current) return;
        const page = okObject(reply);
        if (page) {
          setRows(page.rows ?? []);
          setTotal(page.total ?? 0);
        } else if (reply) {
          message.warning(answerText(reply));
        }
      })
      .catch(() => {
        // lib/http has told the user
      })
      .finally(() => {
        if (current) setAnsweredKey(requestKey);
      });
    return () => {
      current = false;
    };
  }, [query, requestKey, message]);

  const view = async (notice: Notice) => {
    try {
      if (isOk(await markRead(notice.id))) {
        load();
        onChanged();
      }
    } catch {
      // still show the message
    }
    onView(notice);
  };

  const readAll = () =>
    modal.confirm({
      title: t('notice.readAllTitle'),
      content: t('notice.readAllConfirm'),
      onOk: async () => {
        try {
          const reply = await markAllRead();
          if (isOk(reply)) {
            message.success(answerText(reply));
            load();
            onChanged();
          }
        } catch {
          // lib/http has told the user
        }
      },
    });

  const columns: TableProps<Notice>['columns'] = [
    {
      title: t('notice.colTitle'),
      dataIndex: 'msgTitle',
      width: 200,
      render: (title: string | null, record) =>
        record.status === '1' ? <strong data-unread="true">{title}</strong> : <span>{title}</span>,
    },
    { title: t('notice.colType'), dataIndex: 'type', width: 80 },
    { title: t('notice.colDate'), dataIndex: 'createTimeStr', width: 90, render: (v: unknown) => formatBackendDate(v) },
    {
      title: t('notice.colAction'),
      dataIndex: 'action',
      width: 50,
      align: 'center',
      render: (_value, record) => <RowLink onClick={() => void view(record)}>{t('notice.view')}</RowLink>,
    },
  ];

  const search = () => setQuery((q) => ({ ...q, name: name.trim(), current: 1 }));
  const reset = () => {
    setName('');
    setQuery((q) => ({ ...q, name: '', current: 1 }));
  };

  return (
    <Modal
      open
      title={t('notice.listTitle')}
      width={800}
      style={{ top: '15%' }}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('notice.close')}</Button>}
    >
      <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('notice.titleLabel')}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('notice.titlePlaceholder')}
            allowClear
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit">
            {t('notice.query')}
          </Button>
          <Button onClick={reset}>{t('notice.reset')}</Button>
          <Button type="primary" icon={<BookOutlined />} onClick={readAll}>
            {t('notice.readAll')}
          </Button>
        </Space>
      </Form>
      <Table<Notice>
        bordered
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total,
          pageSizeOptions: NOTICE_PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (all, range) => t('table.total', { from: range[0], to: range[1], total: all }),
          onChange: (current, pageSize) =>
            setQuery((q) => ({ ...q, current: pageSize !== q.pageSize ? 1 : current, pageSize })),
        }}
      />
    </Modal>
  );
}
