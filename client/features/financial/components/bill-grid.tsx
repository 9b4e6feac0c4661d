// The detail grid of a financial bill: one line per settled bill (收款/付款), account (收预付款/转账) or income/expense
// item (收入/支出), its amount and remark, with the totals row under it. Every cell is a plain control, so Enter walks
// across the grid like the head's fields.
import { Button, Input, Select } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import type { Choice } from '../api';
import type { BillFormKind } from '../financial-bill-kinds';
import { sumAmounts, sumColumn, type BillRow } from '../financial-bill-math';
import { NumberCell } from '../../../components/form-kit/number-field';
import { numberRefusal, type NumberLimits } from '../../../lib/number-rule';

/** A line's amount: two decimals, as the original's cells keep; negatives as it allows them. */
export const AMOUNT_LIMITS: NumberLimits = { decimals: 2 };

export interface BillGridProps {
  kind: BillFormKind;
  rows: BillRow[];
  /** Receives an update of the rows as they are at that moment: two edits between renders both land. */
  onChange: (update: (rows: BillRow[]) => BillRow[]) => void;
  accounts: Choice[];
  items: Choice[];
  readOnly?: boolean;
}

const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function BillGrid({ kind, rows, onChange, accounts, items, readOnly }: BillGridProps) {
  const t = useT();
  const cols = kind.columns;
  const update = (key: string, patch: Partial<BillRow>) =>
    onChange((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: string) => onChange((list) => list.filter((r) => r.key !== key));
  const firstTitle = t(cols.first);
  const amountTitle = t(cols.amount);
  const remarkTitle = t('finance.col.remark');

  return (
    <table className="financial-grid" aria-label={t('finance.grid')}>
      <thead>
        <tr>
          <th style={{ width: 40 }}>#</th>
          <th>{firstTitle}</th>
          {cols.need ? <th style={{ width: 120 }}>{t(cols.need)}</th> : null}
          {cols.finish ? <th style={{ width: 120 }}>{t(cols.finish)}</th> : null}
          <th style={{ width: 150 }}>{amountTitle}</th>
          <th>{remarkTitle}</th>
          {readOnly ? null : <th style={{ width: 60 }}>{t('table.action')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.key} data-row-key={row.key}>
            <td className="financial-grid-index">{index + 1}</td>
            <td>
              {kind.grid === 'debt' ? <span className="financial-grid-bill">{row.billNumber}</span> : null}
              {kind.grid !== 'debt' ? (
                <Select
                  aria-label={`${firstTitle} ${index + 1}`}
                  value={(kind.grid === 'account' ? row.accountId : row.inOutItemId) ?? undefined}
                  options={kind.grid === 'account' ? accounts : items}
                  showSearch={{ optionFilterProp: 'label' }}
                  disabled={readOnly}
                  placeholder={t('form.selectPlaceholder', { label: firstTitle })}
                  style={{ width: '100%' }}
                  onChange={(value: number) =>
                    update(row.key, kind.grid === 'account' ? { accountId: value } : { inOutItemId: value })
                  }
                />
              ) : null}
            </td>
            {cols.need ? <td className="financial-grid-number">{money(row.needDebt)}</td> : null}
            {cols.finish ? <td className="financial-grid-number">{money(row.finishDebt)}</td> : null}
            <td>
              <NumberCell
                aria-label={`${amountTitle} ${index + 1}`}
                value={row.eachAmountText ?? row.eachAmount}
                limits={AMOUNT_LIMITS}
                displayDecimals={2}
                readOnly={readOnly}
                placeholder={t('form.inputPlaceholder', { label: amountTitle })}
                onChange={(value) =>
                  update(
                    row.key,
                    // Refused text (or a number with too many decimals) is kept as typed, never rounded.
                    typeof value === 'string' || numberRefusal(value, AMOUNT_LIMITS)
                      ? { eachAmount: null, eachAmountText: String(value) }
                      : { eachAmount: value as number | null, eachAmountText: undefined },
                  )
                }
              />
            </td>
            <td>
              <Input
                aria-label={`${remarkTitle} ${index + 1}`}
                value={row.remark}
                readOnly={readOnly}
                placeholder={t('form.inputPlaceholder', { label: remarkTitle })}
                onChange={(e) => update(row.key, { remark: e.target.value })}
              />
            </td>
            {readOnly ? null : (
              <td>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('finance.removeRow')} ${index + 1}`}
                  onClick={() => remove(row.key)}
                />
              </td>
            )}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="financial-grid-totals">
          <td>{t('table.totals')}</td>
          <td />
          {cols.need ? (
            <td className="financial-grid-number" data-total="needDebt">
              {sumColumn(rows, 'needDebt')}
            </td>
          ) : null}
          {cols.finish ? (
            <td className="financial-grid-number" data-total="finishDebt">
              {sumColumn(rows, 'finishDebt')}
            </td>
          ) : null}
          <td className="financial-grid-number" data-total="eachAmount">
            {sumAmounts(rows)}
          </td>
          <td />
          {readOnly ? null : <td />}
        </tr>
      </tfoot>
    </table>
  );
}
