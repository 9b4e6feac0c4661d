// 列设置: a checkbox grid of the page's columns (3 a row, titles cut at 10) and 恢复默认.
import { memo } from 'react';
import { Button, Checkbox, Col, Popover, Row } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { ellipsis } from '../../lib/table/format';
import { useT } from '../../lib/i18n/use-t';

export interface ColumnChoice {
  dataIndex: string;
  title: string;
}

export interface ColumnSettingsPopoverProps {
  choices: readonly ColumnChoice[];
  checked: readonly string[];
  onChange: (checked: string[]) => void;
  onRestore: () => void;
}

export const ColumnSettingsPopover = memo(function ColumnSettingsPopover({
  choices,
  checked,
  onChange,
  onRestore,
}: ColumnSettingsPopoverProps) {
  const t = useT();
  const content = (
    <div className="table-page-column-settings">
      <Checkbox.Group
        value={[...checked]}
        onChange={(values) =>
          onChange(
            // Keep the page's column order, whatever order the boxes were ticked in.
            choices.map((c) => c.dataIndex).filter((d) => values.includes(d)),
          )
        }
      >
        <Row style={{ width: 500, maxWidth: '80vw' }}>
          {choices.map((c) => (
            <Col span={8} key={c.dataIndex}>
              <Checkbox value={c.dataIndex} title={c.title}>
                {ellipsis(c.title, 10)}
              </Checkbox>
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
      <div style={{ paddingTop: 10 }}>
        {t('table.restoreDefaultColumns')}
        <Button type="link" size="small" onClick={onRestore}>
          {t('table.restoreDefault')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover trigger="click" placement="right" content={content}>
      <Button icon={<SettingOutlined />} data-tour="columns">
        {t('table.columnSettings')}
      </Button>
    </Popover>
  );
});
