// 多账户结算 (the original's ManyAccountModal): with 多账户 on in 系统配置 (multiAccountFlag), 结算账户 offers 多账户; it
// opens three account / amount pairs, of which at least two must be filled, each chosen account with its amount.
// Their sum becomes 本次付款/收款; the bill is saved with accountIdList / accountMoneyList instead of one accountId.
import { useState } from 'react';
import { Col, Modal, Row, Select } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import type { Choice } from './bill-api';
import { useAppFeedback } from '../../../lib/app-feedback';
import { NumberCell, numberProblem } from '../../../components/form-kit/number-field';
import { NOT_NEGATIVE } from '../../../lib/number-rule';

export interface ManyAccountsValue {
  ids: string[];
  amounts: number[];
}

/** The value 结算账户 holds while the bill is settled over several accounts (the original's option id 0). */
export const MANY_ACCOUNTS = '0';

/** The pairs as the original's handleOk reads them: a refusal's message, or the accounts, amounts and their sum. */
export function manyAccountsOf(
  pairs: readonly { id?: string; amount?: number | null }[],
): { refused: 'bill.manyAccountsTwo' | 'bill.manyAccountsAmount' } | (ManyAccountsValue & { sum: number }) {
  const ids = pairs.flatMap((p) => (p.id ? [p.id] : []));
  const amounts = pairs.flatMap((p) => (typeof p.amount === 'number' ? [p.amount] : []));
  if (ids.length < 2 || amounts.length < 2) return { refused: 'bill.manyAccountsTwo' };
  if (pairs.some((p) => p.id && !p.amount)) return { refused: 'bill.manyAccountsAmount' };
  return { ids, amounts, sum: Math.round(amounts.reduce((s, a) => s + a, 0) * 100) / 100 };
}

export function ManyAccountsDialog({
  accounts,
  value,
  onOk,
  onCancel,
}: {
  accounts: Choice[];
  value: ManyAccountsValue | null;
  onOk: (value: ManyAccountsValue, sum: number) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { message } = useAppFeedback();
  const [pairs, setPairs] = useState<Array<{ id?: string; amount: unknown }>>(() =>
    [0, 1, 2].map((i) => ({ id: value?.ids[i], amount: value?.amounts[i] ?? null })),
  );
  const set = (i: number, change: { id?: string; amount?: unknown }) =>
    setPairs((all) => all.map((p, j) => (j === i ? { ...p, ...change } : p)));
  const ok = () => {
    // An amount the number rule refuses stays in its field with the reason under it.
    const refused = pairs.map((p) => numberProblem(p.amount, NOT_NEGATIVE, t)).find(Boolean);
    if (refused) {
      message.warning(refused);
      return;
    }
    const read = manyAccountsOf(pairs.map((p) => ({ id: p.id, amount: p.amount as number | null })));
    if ('refused' in read) {
      message.warning(t(read.refused));
      return;
    }
    onOk({ ids: read.ids, amounts: read.amounts }, read.sum);
  };
  return (
    <Modal
      open
      title={t('bill.manyAccountsTitle')}
      width={650}
      onOk={ok}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
    >
      {pairs.map((p, i) => (
        <Row key={i} gutter={16} style={{ marginBottom: 12 }} align="middle">
          <Col span={12}>
            <label htmlFor={`many-account-${i}`} style={{ display: 'block', marginBottom: 4 }}>
              {t('bill.manyAccountsAccount', { n: i + 1 })}
            </label>
            <Select
              id={`many-account-${i}`}
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: '100%' }}
              popupMatchSelectWidth={false}
              placeholder={t('bill.manyAccountsChoose')}
              options={accounts}
              value={p.id}
              onChange={(id?: string) => set(i, { id })}
            />
          </Col>
          <Col span={12}>
            <label htmlFor={`many-amount-${i}`} style={{ display: 'block', marginBottom: 4 }}>
              {t('bill.manyAccountsAmountLabel')}
            </label>
            <NumberCell
              id={`many-amount-${i}`}
              placeholder={t('bill.manyAccountsAmountHint')}
              value={p.amount}
              limits={NOT_NEGATIVE}
              onChange={(amount) => set(i, { amount })}
            />
          </Col>
        </Row>
      ))}
    </Modal>
  );
}
