// A bill list page with its bill form: 新增 opens the kind's form, 编辑 (unapproved bills only) and 复制 load the
// bill back into it, 查看 opens the read-only detail (print, approve / unapprove) at an address of its own
// (`?number=<单据编号>`, lib/use-bill-query.ts). The edit code (1) shows 新增,
// 编辑 and 复制; 审核 (2) and 反审核 (7) gate the detail's buttons as they gate the list's. The 请购单 list adds
// 转采购订单 to each row, the 销售订单 list 转采购订单-以销定购 when 以销定购 is on. The order lists' 更多操作 holds
// 强制结单 (and 强制结单-以销定购 on the 销售订单 list when 以销定购 is on).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { FormRow } from '../../components/form-kit/form-spec';
import { ListView, type ListExtras, type UseListForm } from '../../components/table-page/list-view';
import { useButtonAccess } from '../../lib/use-button-access';
import { ButtonCode } from '../../lib/permissions';
import { useT } from '../../lib/i18n/use-t';
import { billSpec, BILL_KINDS, type BillKind } from './bill-spec';
import { BillDetail, openDetailWhenRead, readDetailAhead } from './form/bill-detail';
import { BillForm, type BillDraft, type BillTarget } from './form/bill-form';
import { openBillWhenRead } from './form/bill-open';
import { useDraftOffer } from '../../components/form-kit/form-draft';
import { billFormKind, type BillFormKind, type BillKindName } from './form/bill-form-kinds';
import { useTransferToOrder } from './transfer-to-order';
import { useBillNumber, useBillQuery, type BillQuery } from '../../lib/use-bill-query';
import { createValueStore, useStoredState, type ValueStore } from '../../lib/value-store';
import { usePurchaseBySale } from './purchase-by-sale';
import { ForceCloseMenu } from './force-close';
import { RowLink } from '../../components/row-link';
import { useAppFeedback } from '../../lib/app-feedback';
import { useWhenShown } from '../../lib/page-shown';
import { keepNumberReady } from '../../lib/backend/number-reserve';

type Row = Record<string, unknown>;

export function billListPage(name: BillKindName) {
  const billKind: BillKind = BILL_KINDS[name];
  const spec = billSpec(billKind);
  const purchaseBySaleSpec = billKind.purchaseBySale ? billSpec(billKind, true) : spec;
  const kind = billFormKind(name);

  // The list page's entry points in place of a FormSpec's: ListView calls this with its button access and reload.
  // The form's target and the detail's bill are kept outside the list's state (lib/value-store, lib/use-bill-query):
  // 新增, 编辑, 查看 and their closing render the dialogs alone, not the list with its whole table.
  const useBillForm: UseListForm = (_spec, access, reload) => {
    const t = useT();
    const { message } = useAppFeedback();
    const [formTarget] = useState(() => createValueStore<BillTarget | null>(null));
    const query = useBillQuery();
    const canEdit = access.can(ButtonCode.edit);
    const canAudit = access.can(ButtonCode.audit);
    const canUnaudit = access.can(ButtonCode.unaudit);
    // 新增 and 复制 open on a number drawn ahead.
    useEffect(() => {
      if (canEdit) keepNumberReady();
    }, [canEdit]);
    const bySale = usePurchaseBySale(name === 'saleOrder') === true;
    const transfer = useTransferToOrder((name === 'purchaseApply' || bySale) && canEdit, reload, bySale);
    // A bill typed when the session ended (or the page was reloaded) is offered back (BillDialogs).
    const draftPage = canEdit ? spec.pageKey : undefined;
    // 查看 opens its detail once the bill is read, 新增, 编辑 and 复制 the form once its bill is read (form/bill-open):
    // on this page if it is still in front, else when it is back.
    const showDetail = useWhenShown(query.show);
    const showForm = useWhenShown(formTarget.set);
    // A second click while one opening waits opens nothing more.
    const opening = useRef(false);
    const openForm = useCallback(
      (target: BillTarget) => {
        if (opening.current || formTarget.get() !== null) return;
        opening.current = true;
        openBillWhenRead(kind, target, () => {
          opening.current = false;
          showForm(target);
        });
      },
      [formTarget, showForm],
    );

    return useMemo(
      () => ({
        addButton: canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm({ mode: 'add' })}>
            {t('form.add')}
          </Button>
        ) : null,
        rowLinks: (row: FormRow) =>
          canEdit ? (
            <>
              <RowLink
                onClick={() =>
                  String(row.status) === '0'
                    ? openForm({ mode: 'edit', row })
                    : message.warning(t('bill.editOnlyUnaudited'))
                }
              >
                {t('form.edit')}
              </RowLink>
              <RowLink onClick={() => openForm({ mode: 'copy', row })}>{t('bill.copy')}</RowLink>
              {transfer.rowLink(row)}
            </>
          ) : null,
        linkLabels: canEdit ? [t('form.edit'), t('bill.copy'), ...(transfer.label ? [transfer.label] : [])] : [],
        view: (row: FormRow) => openDetailWhenRead(row, () => showDetail(String(row.number ?? ''))),
        viewAhead: readDetailAhead,
        modal: (
          <>
            <BillDialogs
              kind={kind}
              statusWords={billKind.statusWords}
              formTarget={formTarget}
              query={query}
              canAudit={canAudit}
              canUnaudit={canUnaudit}
              draftPage={draftPage}
              reload={reload}
            />
            {transfer.modal}
          </>
        ),
      }),
      [canEdit, canAudit, canUnaudit, formTarget, query, message, t, reload, transfer, draftPage, showDetail, openForm],
    );
  };

  function BillListPage() {
    // The order lists wait for the 以销定购 flag: it decides their columns (a column added later would stay hidden).
    const purchaseBySale = usePurchaseBySale(billKind.purchaseBySale !== undefined);
    const canEdit = useButtonAccess(spec.pageUrl).can(ButtonCode.edit);
    const order = name === 'purchaseOrder' ? 'purchase' : name === 'saleOrder' ? 'sale' : null;
    const extras = useMemo<ListExtras | undefined>(
      () =>
        order && canEdit
          ? {
              toolbar: (list) => ({
                end: <ForceCloseMenu list={list} order={order} bySale={order === 'sale' && purchaseBySale === true} />,
              }),
            }
          : undefined,
      [order, canEdit, purchaseBySale],
    );
    if (purchaseBySale === null) return null;
    return <ListView spec={purchaseBySale ? purchaseBySaleSpec : spec} useForm={useBillForm} extras={extras} />;
  }
  BillListPage.displayName = `BillListPage(${spec.pageKey})`;
  return BillListPage;
}

interface BillDialogsProps {
  kind: BillFormKind;
  statusWords: BillKind['statusWords'];
  formTarget: ValueStore<BillTarget | null>;
  query: BillQuery;
  canAudit: boolean;
  canUnaudit: boolean;
  draftPage: string | undefined;
  reload: () => void;
}

/** The list's bill form and bill detail: the only part of the page that renders when either opens or closes. */
function BillDialogs({
  kind,
  statusWords,
  formTarget,
  query,
  canAudit,
  canUnaudit,
  draftPage,
  reload,
}: BillDialogsProps) {
  const target = useStoredState(formTarget);
  const number = useBillNumber(query);
  const detailRow = useMemo<Row | null>(() => (number ? { number } : null), [number]);
  const closeForm = useCallback(() => formTarget.set(null), [formTarget]);
  useDraftOffer<BillDraft>(draftPage, target !== null, ({ data }) =>
    formTarget.set({ ...data.target, draft: { values: data.values, lines: data.lines } }),
  );
  return (
    <>
      {query.follower}
      <BillForm
        kind={kind}
        target={target}
        canAudit={canAudit}
        onClose={closeForm}
        onSaved={reload}
        draftPage={draftPage}
      />
      <BillDetail
        kind={kind}
        row={detailRow}
        canAudit={canAudit}
        canUnaudit={canUnaudit}
        statusWords={statusWords}
        onClose={query.hide}
        onChanged={reload}
        onShown={query.settle}
      />
    </>
  );
}
