// A bill list page with its bill form: 新增 opens the kind's form, 编辑 (unapproved bills only) and 复制 load the
// bill back into it, 查看 opens the read-only detail (print, approve / unapprove). The edit code (1) shows 新增,
// 编辑 and 复制; 审核 (2) and 反审核 (7) gate the detail's buttons as they gate the list's.
import { useCallback, useState } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListView, type ListTools } from '../../components/table-page/list-view';
import { ButtonCode } from '../../lib/permissions';
import { useButtonAccess } from '../../lib/use-button-access';
import { useT } from '../../lib/i18n/use-t';
import { billSpec, BILL_KINDS } from './bill-spec';
import { BillDetail } from './form/bill-detail';
import { BillForm, type BillTarget } from './form/bill-form';
import { billFormKind, type BillKindName } from './form/bill-form-kinds';

type Row = Record<string, unknown>;

export function billListPage(name: BillKindName) {
  const spec = billSpec(BILL_KINDS[name]);
  const kind = billFormKind(name);

  function BillListPage() {
    const t = useT();
    const { message } = App.useApp();
    const access = useButtonAccess(spec.pageUrl);
    const [formTarget, setFormTarget] = useState<BillTarget | null>(null);
    const [detailRow, setDetailRow] = useState<Row | null>(null);
    const closeForm = useCallback(() => setFormTarget(null), []);
    const closeDetail = useCallback(() => setDetailRow(null), []);
    const canEdit = access.can(ButtonCode.edit);
    const canAudit = access.can(ButtonCode.audit);
    const canUnaudit = access.can(ButtonCode.unaudit);

    const tools = useCallback((reload: () => void): ListTools => ({
      addButton: canEdit ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'add' })}>{t('form.add')}</Button>
      ) : null,
      rowLinks: (row: Row) => (canEdit ? (
        <>
          <Button type="link" size="small" onClick={() => (String(row.status) === '0'
            ? setFormTarget({ mode: 'edit', row })
            : message.warning(t('bill.editOnlyUnaudited')))}>{t('form.edit')}</Button>
          <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'copy', row })}>{t('bill.copy')}</Button>
        </>
      ) : null),
      linkLabels: canEdit ? [t('form.edit'), t('bill.copy')] : [],
      onView: (row: Row) => setDetailRow(row),
      modal: (
        <>
          <BillForm kind={kind} target={formTarget} canAudit={canAudit} onClose={closeForm} onSaved={reload} />
          <BillDetail kind={kind} row={detailRow} canAudit={canAudit} canUnaudit={canUnaudit} onClose={closeDetail} onChanged={reload} />
        </>
      ),
    }), [canEdit, canAudit, canUnaudit, formTarget, detailRow, closeForm, closeDetail, message, t]);

    return <ListView spec={spec} tools={tools} />;
  }
  BillListPage.displayName = `BillListPage(${spec.pageKey})`;
  return BillListPage;
}
