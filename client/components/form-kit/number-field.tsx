// The number rule (lib/number-rule.ts) for antd forms and grids: `numberFormRule` is a Form.Item rule that shows the
// refusal under the field; `NumberCell` is a grid cell that keeps its text, marks itself and says why under it. A
// form with such cells refuses its save with `firstCellRefusal` over its rows.
import { useId } from 'react';
import type { FormRule } from 'antd';
import { useT } from '../../lib/i18n/use-t';
import type { MessageKey, MessageParams } from '../../lib/i18n/i18n';
import { numberRefusal, refusalText, type NumberLimits } from '../../lib/number-rule';
import { NumberTextInput, type NumberTextInputProps } from './number-text-input';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The refusal of a value as its message, or null. */
export function numberProblem(value: unknown, limits: NumberLimits, t: Translate): string | null {
  const refusal = numberRefusal(value, limits);
  if (!refusal) return null;
  const { key, params } = refusalText(refusal, limits);
  return t(key, params);
}

/** A Form.Item rule: the field's value under the number rule and these limits. */
export function numberFormRule(limits: NumberLimits, t: Translate): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = numberProblem(value, limits, t);
      if (problem) throw new Error(problem);
    },
  };
}

export interface NumberCellProps extends Omit<NumberTextInputProps, 'status'> {
  limits: NumberLimits;
}

/** A grid's number cell: red with its reason under it while the value is refused. */
export function NumberCell({ limits, value, ...props }: NumberCellProps) {
  const t = useT();
  const id = useId();
  const problem = numberProblem(value, limits, t);
  return (
    <div>
      <NumberTextInput
        {...props}
        value={value}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? id : undefined}
      />
      {problem ? (
        <div id={id} role="alert" className="ant-form-item-explain-error">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

/** The first refused value among rows' number columns: where, and why (its message). */
export function firstCellRefusal<Row, Key extends keyof Row & string>(
  rows: readonly Row[],
  columns: readonly Key[],
  limits: NumberLimits,
  t: Translate,
): { index: number; key: Key; problem: string } | null {
  for (const [index, row] of rows.entries()) {
    for (const key of columns) {
      const problem = numberProblem(row[key], limits, t);
      if (problem) return { index, key, problem };
    }
  }
  return null;
}
