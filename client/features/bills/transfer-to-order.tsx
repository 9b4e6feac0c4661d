// 转采购订单 on the 请购单 list (and 转采购订单-以销定购 on the 销售订单 list when 以销定购 is on): an approved (or
// partly ordered) source opens a new 采购订单 that links it, what remains of its lines taken over as 关联请购单 /
// 关联订单 would. Offered to users who may add 采购订单; 保存并审核 there follows the 采购订单 page's 审核 code.
import { useCallback, useMemo, useState, type ReactNode } from 'react';

import type { FormRow } from '../../components/form-kit/form-spec';
import { ButtonCode } from '../../lib/permissions';
import { useButtonAccess } from '../../lib/use-button-access';
import { useT } from '../../lib/i18n/use-t';
import { BILL_KINDS } from './bill-spec';
import { BillForm, type BillTarget } from './form/bill-form';
import { billFormKind } from './form/bill-form-kinds';
import { RowLink } from '../../components/row-link';
import { useAppFeedback } from '../../lib/app-feedback';

export interface TransferToOrder {
  /** The row's 转采购订单 link, or null when the user may not add 采购订单. */
  rowLink: (row: FormRow) => ReactNode;
  label: string | null;
  modal: ReactNode;
}

const orderKind = billFormKind('purchaseOrder');
/** The 请购单 statuses an order may still take from: 已审核 and 部分采购. */
const OPEN = ['1', '3'];

/** bySale: from a 销售订单 (以销定购), named 转采购订单-以销定购. */
export function useTransferToOrder(enabled: boolean, reload: () => void, bySale = false): TransferToOrder {
  const t = useT();
  const { message } = useAppFeedback();
  const orderAccess = useButtonAccess(BILL_KINDS.purchaseOrder.pageUrl);
  const [target, setTarget] = useState<BillTarget | null>(null);
  const close = useCallback(() => setTarget(null), []);
  const allowed = enabled && orderAccess.can(ButtonCode.edit);
  const canAudit = orderAccess.can(ButtonCode.audit);
  const label = t(bySale ? 'orderActions.toPurchaseOrderBySale' : 'orderActions.toPurchaseOrder');
  const refused = t(bySale ? 'orderActions.cannotTransferBySale' : 'orderActions.cannotTransfer');

  return useMemo(
    () => ({
      rowLink: (row: FormRow) =>
        allowed ? (
          <RowLink
            onClick={() =>
              OPEN.includes(String(row.status)) ? setTarget({ mode: 'add', linkFrom: row }) : message.warning(refused)
            }
          >
            {label}
          </RowLink>
        ) : null,
      label: allowed ? label : null,
      modal: allowed ? (
        <BillForm kind={orderKind} target={target} canAudit={canAudit} onClose={close} onSaved={reload} />
      ) : null,
    }),
    [allowed, canAudit, target, close, reload, message, label, refused],
  );
}
