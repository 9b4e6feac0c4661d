// A head field naming the bill this one is taken from (关联订单 / 关联单据 / 关联请购单): read-only text, and a
// search button that opens the link picker while the bill may still choose its source. The Enter walk stops on the
// field then (Enter walks on, to the scan field), and F4, Alt+↓ or Space there opens the picker, as a click does.
import { Button, Col, Form, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/i18n';

export interface LinkFieldProps {
  name: 'linkNumber' | 'linkApply';
  title: MessageKey;
  /** Opens the picker; absent: the field only shows the stored link. */
  onSearch?: () => void;
  /** The search button's name (default 选择单据). */
  searchLabel?: MessageKey;
}

export function LinkField({ name, title, onSearch, searchLabel = 'bill.linkPicker' }: LinkFieldProps) {
  const t = useT();
  return (
    <Col xs={24} sm={12} md={6}>
      <Form.Item label={t(title)}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name={name} noStyle>
            <Input
              readOnly
              aria-label={t(title)}
              data-pick={onSearch ? '' : undefined}
              placeholder={onSearch ? t('entry.linkOpenHint') : undefined}
              onClick={onSearch}
              onKeyDown={(e) => {
                const opens = e.key === 'F4' || e.key === ' ' || (e.altKey && e.key === 'ArrowDown');
                if (!onSearch || !opens || e.nativeEvent.isComposing) return;
                e.preventDefault();
                onSearch();
              }}
            />
          </Form.Item>
          {onSearch ? (
            <Button icon={<SearchOutlined />} aria-label={t(searchLabel)} tabIndex={-1} onClick={onSearch} />
          ) : null}
        </Space.Compact>
      </Form.Item>
    </Col>
  );
}
