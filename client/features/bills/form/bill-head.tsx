// The bill form's head fields (party, date, number, links, salesmen, 付款类型), apart from the form: a scan or a typed
// cell changes the lines and renders the form, and the head's fields (a dozen antd Form.Items with their Selects and
// date picker, half of a scan's render) rendered with it; memoized on what they show, they do not.
import { memo } from 'react';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/i18n';
import type { BillOptions } from './bill-api';
import { LinkField } from './link-field';
import { partyTitle, type BillFormKind, type LinkSource } from './bill-form-kinds';
import { TIME_FORMAT } from './bill-save';

export interface BillHeadProps {
  kind: BillFormKind;
  options: BillOptions | undefined;
  partyLocked: boolean;
  /** The field holding the bill's link (关联订单 / 关联单据 / 关联请购单). */
  linkField: 'linkNumber' | 'linkApply';
  /** The opened bill has a link in linkField / linkNumber (shown even when the kind picks no source). */
  hasLink: boolean;
  hasSaleLink: boolean;
  /** The chosen member's prepaid balance (retail out's 预付款), null when none. */
  advanceIn: number | null;
  onLinking: (source: LinkSource | null) => void;
}

export const BillHead = memo(function BillHead({
  kind,
  options,
  partyLocked,
  linkField,
  hasLink,
  hasSaleLink,
  advanceIn,
  onLinking,
}: BillHeadProps) {
  const t = useT();
  const required = (message: MessageKey) => [{ required: true, message: t(message) }];
  return (
    <Row gutter={12}>
      {kind.party !== 'none' ? (
        <Col xs={24} sm={12} md={6}>
          <Form.Item
            name="organId"
            label={t(partyTitle(kind))}
            rules={kind.partyRule ? required(kind.partyRule) : undefined}
          >
            <Select showSearch allowClear optionFilterProp="label" options={options?.parties} disabled={partyLocked} />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} sm={12} md={6}>
        <Form.Item name="operTime" label={t('col.billDate')} rules={required(kind.dateRule)}>
          <DatePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Form.Item name="number" label={t('col.billNumber')} rules={required('bill.rule.number')}>
          <Input />
        </Form.Item>
      </Col>
      {/* The link is chosen while editing too (the original's search stays open in 编辑): the bill's lines become
          what is left of the chosen one, and the backend re-reads both the old and the new source's status. */}
      {kind.linkTitle && (hasLink || kind.linkSource) ? (
        <LinkField
          name={linkField}
          title={kind.linkTitle}
          onSearch={kind.linkSource ? () => onLinking(kind.linkSource ?? null) : undefined}
        />
      ) : null}
      {kind.saleLinkSource && (hasSaleLink || options?.purchaseBySale) ? (
        <LinkField
          name="linkNumber"
          title="col.linkOrder"
          searchLabel="bill.pickSaleOrder"
          onSearch={options?.purchaseBySale ? () => onLinking(kind.saleLinkSource ?? null) : undefined}
        />
      ) : null}
      {kind.salesMan ? (
        <Col xs={24} sm={12} md={6}>
          <Form.Item name="salesMan" label={t('bill.salesMan')}>
            <Select mode="multiple" optionFilterProp="label" options={options?.salesmen} />
          </Form.Item>
        </Col>
      ) : null}
      {kind.prefixNo === 'LSCK' ? (
        <Col xs={24} sm={12} md={6}>
          <Form.Item name="payType" label={t('bill.payType')}>
            <Select
              options={[
                { value: '现付', label: t('bill.payCash') },
                {
                  value: '预付款',
                  label: advanceIn === null ? t('bill.payPrepaid') : `${t('bill.payPrepaid')}（${advanceIn}）`,
                },
              ]}
            />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
});
