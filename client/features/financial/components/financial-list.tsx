// A financial bill page: the shared list (search, 删除, 审核, 反审核, export) with this kind's bill form behind 新增,
// 编辑 and 复制, and 查看 opening the bill read only with 打印, at an address of its own (`?number=<单据编号>`,
// lib/use-bill-query.ts). Edit and copy read the bill back first
// (getDetailByNumber, then its lines); only an unaudited bill can be edited, as the original list guards it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { interpretSaveAnswer } from '../../../lib/backend/envelope';
import type { FormRow } from '../../../components/form-kit/form-spec';
import type { ListForm } from '../../../components/form-kit/list-form';
import { ListView, type UseListForm } from '../../../components/table-page/list-view';
import { fetchSystemConfigData } from '../../../lib/backend/calls';
import { keepNumberReady } from '../../../lib/backend/number-reserve';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { ButtonCode } from '../../../lib/permissions';
import type { ButtonAccess } from '../../../lib/use-button-access';
import { loadBill, nextBillNumber, type LoadedBill } from '../api';
import { BILL_FORM_KINDS, type BillFormKind, type BillKindName } from '../financial-bill-kinds';
import { emptyRow, headFromDetail } from '../financial-bill-math';
import { financialSpec, FINANCIAL_KINDS } from '../financial-spec';
import { FinancialBillDetail } from './financial-bill-detail';
import { FinancialBillForm, type BillFormTarget, type FinancialDraft } from './financial-bill-form';
import { useDraftOffer } from '../../../components/form-kit/form-draft';
import { useBillNumber, useBillQuery } from '../../../lib/use-bill-query';
import { RowLink } from '../../../components/row-link';
import { afterNextPaint } from '../../../lib/use-after-first-paint';
import { useAppFeedback } from '../../../lib/app-feedback';

const NOW_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const STATUS_URL = '/accountHead/batchSetStatus';

function useFinancialListForm(kind: BillFormKind, access: ButtonAccess, reload: () => void, page: string): ListForm {
  const t = useT();
  const { message } = useAppFeedback();
  const [target, setTarget] = useState<BillFormTarget | null>(null);
  const [viewed, setViewed] = useState<LoadedBill | null>(null);
  const [company, setCompany] = useState<string>();
  const editable = access.can(ButtonCode.edit);
  const canAudit = access.can(ButtonCode.audit);
  const canUnaudit = access.can(ButtonCode.unaudit);
  // 新增 and 复制 take a number drawn ahead.
  useEffect(() => {
    if (editable) keepNumberReady();
  }, [editable]);
  // A bill typed when the session ended (or the page was reloaded) is offered back here.
  const draftPage = editable ? page : undefined;
  useDraftOffer<FinancialDraft>(draftPage, target !== null, ({ data }) =>
    setTarget({ ...data.target, restored: { head: data.head, rows: data.rows } }),
  );

  const failed = useCallback(
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : '';
      if (reason) message.warning(reason);
    },
    [message],
  );

  const add = useCallback(async () => {
    try {
      const billNo = await nextBillNumber(kind.prefixNo);
      setTarget({
        mode: 'add',
        head: { billTime: dayjs().format(NOW_FORMAT), billNo, discountMoney: 0, remark: '' },
        rows: kind.grid === 'debt' ? [] : [emptyRow()],
      });
    } catch (error) {
      failed(error);
    }
  }, [kind, failed]);

  const edit = useCallback(
    async (row: FormRow) => {
      if (row.status !== '0') {
        message.warning(t('finance.editAudited'));
        return;
      }
      try {
        const bill = await loadBill(kind, String(row.billNo ?? ''));
        setTarget({ mode: 'edit', head: headFromDetail(bill.head), rows: bill.rows, loaded: bill.head });
      } catch (error) {
        failed(error);
      }
    },
    [kind, message, t, failed],
  );

  // 复制: the bill's head and lines as a new unaudited bill, with a new number and today's time.
  const copy = useCallback(
    async (row: FormRow) => {
      try {
        const bill = await loadBill(kind, String(row.billNo ?? ''));
        const billNo = await nextBillNumber(kind.prefixNo);
        setTarget({
          mode: 'add',
          head: { ...headFromDetail(bill.head), billNo, billTime: dayjs().format(NOW_FORMAT) },
          rows: bill.rows,
        });
      } catch (error) {
        failed(error);
      }
    },
    [kind, failed],
  );

  // 查看 puts the bill's number in the address; the detail shows the bill the address names.
  const billQuery = useBillQuery();
  const { show: view, hide: closeView, settle: settleView, follower: addressFollower } = billQuery;
  const viewedNumber = useBillNumber(billQuery);
  useEffect(() => {
    if (!viewedNumber) {
      // The address lost its bill (closed, Back): the detail closes.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setViewed(null);
      return;
    }
    let live = true;
    (async () => {
      const bill = await loadBill(kind, viewedNumber);
      if (!live) return;
      setViewed(bill);
      // 查看's address follows after the frame that shows the bill (lib/use-bill-query).
      afterNextPaint(settleView);
      // The company name heads the printed sheet (the tenant's system configuration).
      fetchSystemConfigData()
        .then((config) => {
          if (live && typeof config?.companyName === 'string') setCompany(config.companyName);
        })
        .catch(() => undefined);
    })().catch((error: unknown) => {
      if (!live) return;
      failed(error);
      closeView();
    });
    return () => {
      live = false;
    };
  }, [kind, viewedNumber, failed, closeView, settleView]);

  const rowLinks = useCallback(
    (row: FormRow) =>
      editable ? (
        <>
          <RowLink onClick={() => void edit(row)}>{t('form.edit')}</RowLink>
          <RowLink onClick={() => void copy(row)}>{t('finance.copy')}</RowLink>
        </>
      ) : null,
    [editable, edit, copy, t],
  );

  // 反审核 from 查看: POST batchSetStatus {status:'0', ids}; success closes the detail and reloads the list.
  const unaudit = useCallback(
    async (head: Record<string, unknown>) => {
      try {
        const outcome = interpretSaveAnswer(
          await http.post<unknown>(STATUS_URL, { status: '0', ids: String(head.id ?? '') }),
        );
        if (!outcome.ok) {
          message.warning(outcome.message);
          return;
        }
        closeView();
        reload();
      } catch {
        // Reported by the HTTP client.
      }
    },
    [message, reload, closeView],
  );

  const close = useCallback(() => setTarget(null), []);

  return useMemo(
    () => ({
      addButton: editable ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void add()}>
          {t('form.add')}
        </Button>
      ) : null,
      rowLinks,
      linkLabels: editable ? [t('form.edit'), t('finance.copy')] : [],
      view: (row: FormRow) => view(String(row.billNo ?? '')),
      modal: (
        <>
          {addressFollower}
          <FinancialBillForm
            kind={kind}
            target={target}
            canAudit={canAudit}
            onClose={close}
            onSaved={reload}
            draftPage={draftPage}
          />
          <FinancialBillDetail
            kind={kind}
            bill={viewed}
            company={company}
            onUnaudit={canUnaudit ? unaudit : undefined}
            onClose={closeView}
          />
        </>
      ),
    }),
    [
      editable,
      add,
      rowLinks,
      view,
      kind,
      target,
      canAudit,
      close,
      reload,
      viewed,
      company,
      closeView,
      addressFollower,
      canUnaudit,
      unaudit,
      t,
      draftPage,
    ],
  );
}

/** The page of one financial kind: its list spec and its bill form. */
export function financialListView(name: BillKindName) {
  const spec = financialSpec(FINANCIAL_KINDS[name]);
  const kind = BILL_FORM_KINDS[name];
  const useForm: UseListForm = (_spec, access, reload) => useFinancialListForm(kind, access, reload, spec.pageKey);
  function FinancialListView() {
    return <ListView spec={spec} useForm={useForm} />;
  }
  FinancialListView.displayName = `FinancialList(${spec.pageKey})`;
  return FinancialListView;
}
