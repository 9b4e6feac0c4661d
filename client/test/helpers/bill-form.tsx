// The bill form as its list opens it, for tests that start from the open form: signed in, in antd's App.
import { App } from 'antd';
import { vi } from 'vitest';
import { BillForm, type BillTarget } from '../../features/bills/form/bill-form';
import { billFormKind, type BillKindName } from '../../features/bills/form/bill-form-kinds';
import { render } from './render';
import { signIn } from './session';
import type { Backend } from './form-page';

export interface BillFormOptions {
  /** Default a 新增. */
  target?: BillTarget;
  /** Default false: a user without 审核. */
  canAudit?: boolean;
  onSaved?: () => void;
  onClose?: () => void;
}

/** Signs in and renders the form of `kind`; returns render's utilities and the callbacks it was given. */
export function renderBillForm(kind: BillKindName, options: BillFormOptions = {}) {
  signIn();
  const onSaved = options.onSaved ?? vi.fn();
  const onClose = options.onClose ?? vi.fn();
  const utils = render(
    <App>
      <BillForm
        kind={billFormKind(kind)}
        target={options.target ?? { mode: 'add' }}
        canAudit={options.canAudit ?? false}
        onClose={onClose}
        onSaved={onSaved}
      />
    </App>,
  );
  return { ...utils, onSaved, onClose };
}

/**
 * Holds the answer to the numbers asked for (GET /sequence/buildNumber) until `give` (a number) or `refuse` (the
 * backend's 500).
 */
export function holdNumber(api: Pick<Backend, 'answer'>, defaultNumber: string) {
  let settle!: (given: boolean) => void;
  const held = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  api.answer('GET /sequence/buildNumber', async () =>
    (await held) ? { code: 200, data: { defaultNumber } } : { code: 500, data: { message: '未知异常' } },
  );
  return { give: () => settle(true), refuse: () => settle(false) };
}

/** The open bill form's 单据编号 field, or null. */
export const numberField = () => document.querySelector<HTMLInputElement>('.bill-form input#number');
