// The bill form as its list opens it, for tests that start from the open form: signed in, in antd's App.
import { App } from 'antd';
import { vi } from 'vitest';
import { BillForm, type BillTarget } from '../../features/bills/form/bill-form';
import { billFormKind, type BillKindName } from '../../features/bills/form/bill-form-kinds';
import { render } from './render';
import { signIn } from './session';

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
