// A list page's form entry points: 新增 in the toolbar, 添加下级 / special actions / 编辑 per row, and the form
// itself. The edit button code (1) shows 新增, 编辑 and 添加下级; each special action names its own code.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Popconfirm } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { http } from '../../lib/http';
import { t as translate } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { ButtonCode } from '../../lib/permissions';
import type { ButtonAccess } from '../../lib/use-button-access';
import { interpretSaveAnswer } from './form-answer';
import { FormModal, type FormTarget } from './form-modal';
import type { FormRow, FormSpec, RowAction } from './form-spec';
import { spacedWrite } from './write-spacing';

type MessageApi = ReturnType<typeof App.useApp>['message'];

/** 设为默认 and the like: POST, then the backend's message; success reloads the list. */
export async function runRowAction(message: MessageApi, action: RowAction, row: FormRow, reload: () => void): Promise<void> {
  try {
    const outcome = interpretSaveAnswer(await spacedWrite(action.url, () => http.post<unknown>(action.url, action.body(row))));
    if (outcome.ok) {
      message.success(outcome.message || translate('form.saved'));
      reload();
    } else {
      message.warning(outcome.message || translate('form.saveFailed'));
    }
  } catch {
    // Reported by the HTTP client.
  }
}

export interface ListForm {
  addButton: ReactNode;
  rowLinks: (row: FormRow) => ReactNode;
  /** The labels of the links rowLinks shows, in the current language, to size the action column. */
  linkLabels: string[];
  modal: ReactNode;
}

export function useListForm(spec: FormSpec | undefined, access: ButtonAccess, reload: () => void): ListForm {
  const t = useT();
  const { message } = App.useApp();
  const [target, setTarget] = useState<FormTarget | null>(null);
  const editable = Boolean(spec) && access.can(ButtonCode.edit);
  const actions = useMemo(() => spec?.rowActions?.filter((a) => access.can(a.code)) ?? [], [spec, access]);
  const close = useCallback(() => setTarget(null), []);

  const rowLinks = useCallback((row: FormRow) => {
    const idKey = spec?.idKey ?? 'id';
    return (
      <>
        {editable && spec?.addChild ? (
          <Button type="link" size="small" onClick={() => setTarget({ mode: 'add', preset: { [spec.addChild!.field]: row[idKey] } })}>{t('form.addChild')}</Button>
        ) : null}
        {actions.map((action) => (
          <Popconfirm key={action.url} title={t(action.confirm)} onConfirm={() => runRowAction(message, action, row, reload)}>
            <Button type="link" size="small">{t(action.label)}</Button>
          </Popconfirm>
        ))}
        {editable ? <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', row })}>{t('form.edit')}</Button> : null}
      </>
    );
  }, [spec, editable, actions, message, reload, t]);

  return {
    addButton: editable && !spec?.editOnly ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add' })}>{t('form.add')}</Button>
    ) : null,
    rowLinks,
    linkLabels: [
      ...(editable && spec?.addChild ? [t('form.addChild')] : []),
      ...actions.map((action) => t(action.label)),
      ...(editable ? [t('form.edit')] : []),
    ],
    modal: spec ? <FormModal spec={spec} target={target} onClose={close} onSaved={reload} /> : null,
  };
}
