// The fields under a bill's lines: the money block (discount, other costs, the account, the deposit, the payment and
// what is owed, or a retail bill's amount, payment and change), 备注 and the attachments. Memoized on what they show:
// a scan or a typed cell renders the lines, not these (their values change through the form's store, which renders
// only the fields whose value changed).
import { memo } from 'react';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { FolderOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { FileUpload } from '../../../components/form-kit/file-upload';
import type { BillOptions } from './bill-api';
import { accountTitle, changeTitle, type BillFormKind } from './bill-form-kinds';
import { MONEY_PATTERN, num } from './bill-math';
import { MANY_ACCOUNTS, type ManyAccountsValue } from './many-accounts';
import { numberFormRule } from '../../../components/form-kit/number-field';
import { NOT_NEGATIVE, PERCENT, type NumberLimits } from '../../../lib/number-rule';
import { textOf } from '../../../lib/text-of';

/** The money block's amounts keep four decimals (the original's money pattern). */
const MONEY_LIMITS: NumberLimits = { ...NOT_NEGATIVE, decimals: 4 };

/** The backend refuses a bill with more (8500025). */
const MAX_ATTACHMENTS = 4;

export interface BillMoneyFieldsProps {
  kind: BillFormKind;
  options: BillOptions | undefined;
  /** 订金 (the deposit a linked order left): its field shows only when it is not zero. */
  deposit: unknown;
  /** 多账户: the accounts chosen, whose detail the account field offers. */
  manyAccounts: ManyAccountsValue | undefined;
  onManyAccounts: () => void;
}

export const BillMoneyFields = memo(function BillMoneyFields({
  kind,
  options,
  deposit,
  manyAccounts,
  onManyAccounts,
}: BillMoneyFieldsProps) {
  const t = useT();
  const required = (message: MessageKey) => [{ required: true, message: t(message) }];
  // The original's money pattern first (金额格式不正确!), then the number rule's barcode and size checks.
  const moneyRules = (needed: boolean) => [
    ...(needed ? required('bill.rule.changeAmount') : []),
    { pattern: MONEY_PATTERN, message: t('bill.rule.money'), transform: (v: unknown) => textOf(v) },
    numberFormRule(MONEY_LIMITS, t),
  ];
  const amountRules = [numberFormRule(MONEY_LIMITS, t)];
  return (
    <>
      <Row gutter={12}>
        {kind.money === 'order' || kind.money === 'full' ? (
          <>
            <Col xs={12} md={4}>
              <Form.Item name="discount" label={t('col.discount')} rules={[numberFormRule(PERCENT, t)]}>
                <Input suffix="%" />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                name="discountMoney"
                label={t(kind.discountMoneyTitle ?? 'col.discountMoney')}
                rules={amountRules}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="discountLastMoney" label={t('bill.discountLastMoney')}>
                <Input readOnly />
              </Form.Item>
            </Col>
          </>
        ) : null}
        {kind.money === 'full' ? (
          <Col xs={12} md={4}>
            <Form.Item name="otherMoney" label={t('col.otherMoney')} rules={amountRules}>
              <Input />
            </Form.Item>
          </Col>
        ) : null}
        {kind.money !== 'none' ? (
          <Col xs={12} md={4}>
            <Form.Item
              name="accountId"
              label={t(accountTitle(kind))}
              rules={kind.accountRule ? required(kind.accountRule) : undefined}
              extra={
                manyAccounts && manyAccounts.ids.length > 0 ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<FolderOutlined />}
                    style={{ paddingInline: 0 }}
                    onClick={onManyAccounts}
                  >
                    {t('bill.manyAccountsDetail')}
                  </Button>
                ) : undefined
              }
            >
              <Select
                showSearch
                allowClear
                optionFilterProp="label"
                options={
                  options?.multiAccount
                    ? [{ value: MANY_ACCOUNTS, label: t('bill.manyAccounts') }, ...options.accounts]
                    : options?.accounts
                }
              />
            </Form.Item>
          </Col>
        ) : null}
        {kind.money === 'full' && num(deposit) !== 0 ? (
          <Col xs={12} md={4}>
            <Form.Item name="deposit" label={t('bill.deposit')} rules={amountRules}>
              <Input />
            </Form.Item>
          </Col>
        ) : null}
        {kind.money === 'order' || kind.money === 'full' ? (
          <Col xs={12} md={4}>
            <Form.Item
              name="changeAmount"
              label={t(changeTitle(kind))}
              rules={moneyRules(kind.changeRequired)}
              validateFirst
            >
              <Input />
            </Form.Item>
          </Col>
        ) : null}
        {kind.money === 'full' ? (
          <Col xs={12} md={4}>
            <Form.Item
              name="debt"
              label={t('col.debt')}
              rules={kind.changeRequired ? moneyRules(false) : undefined}
              validateFirst
            >
              <Input readOnly />
            </Form.Item>
          </Col>
        ) : null}
        {kind.money === 'retail' ? (
          <>
            <Col xs={12} md={4}>
              <Form.Item name="changeAmount" label={t('bill.billAmount')}>
                <Input readOnly />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                name="getAmount"
                label={t(kind.negate ? 'bill.payAmount' : 'bill.getAmount')}
                rules={amountRules}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="backAmount" label={t('bill.backAmount')}>
                <Input readOnly />
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>
      <Form.Item name="remark" label={t('col.remark')}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="fileName" label={t('form.attachments')}>
        <FileUpload biz="bill" max={MAX_ATTACHMENTS} />
      </Form.Item>
    </>
  );
});
