// A detail list of term: value pairs in 1–4 columns (the original DetailList; col above 4 is clamped to 4).
import type { ReactNode } from 'react';
import { Col, Row, theme, Typography } from 'antd';
import { clampColumns, DETAIL_SPANS } from '../../lib/table/detail-spans';

export interface DetailItem {
  term: ReactNode;
  value: ReactNode;
}

export interface DetailListProps {
  title?: ReactNode;
  col?: number;
  size?: 'small' | 'large';
  layout?: 'horizontal' | 'vertical';
  items: readonly DetailItem[];
}

export function DetailList({ title, col, size = 'large', layout = 'horizontal', items }: DetailListProps) {
  const span = DETAIL_SPANS[clampColumns(col)];
  // The theme's secondary text colour: a fixed 65 % black read 1.2:1 on the dark theme's dialogs.
  const { token } = theme.useToken();
  return (
    <div className={`detail-list detail-list-${size} detail-list-${layout}`}>
      {title ? <Typography.Title level={5}>{title}</Typography.Title> : null}
      <Row gutter={16}>
        {items.map((item, index) => (
          <Col key={index} {...span} style={{ marginBottom: size === 'large' ? 16 : 8 }}>
            <div style={layout === 'vertical' ? undefined : { display: 'flex', gap: 4 }}>
              {/* A term is followed by ':' as in the original. */}
              <span className="detail-list-term" style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
                {item.term}:
              </span>
              <span className="detail-list-value" style={{ wordBreak: 'break-all' }}>
                {item.value}
              </span>
            </div>
          </Col>
        ))}
      </Row>
    </div>
  );
}
