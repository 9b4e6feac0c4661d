// A list page's form entry points: 新增 in the toolbar, 添加下级 / special actions / 编辑 per row, and the form
// itself. The edit button code (1) shows 新增, 编辑 and 添加下级; each special action names its own code, and a
// dialog action its requirements (button codes, here or on another page; system-config flags).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { RowConfirm } from '../row-confirm';
import { fetchSystemConfigData } from '../../lib/backend/calls';
import { http } from '../../lib/http';
import { t as translate } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { ButtonCode, hasButton } from '../../lib/permissions';
import { readStoredButtonList, type ButtonAccess } from '../../lib/use-button-access';
import { interpretSaveAnswer } from '../../lib/backend/envelope';
import { FormModal, type FormModalDraft, type FormTarget } from './form-modal';
import { useDraftOffer } from './form-draft';
import type { ActionRequirement, DialogRowAction, FollowUp, FormRow, FormSpec, RowAction } from './form-spec';
import { RowLink } from '../row-link';
import { useAppFeedback, type AppFeedback } from '../../lib/app-feedback';

type MessageApi = AppFeedback['message'];

/** 设为默认 and the like: POST, then the backend's message; success reloads the list. */
export async function runRowAction(
  message: MessageApi,
  action: RowAction,
  row: FormRow,
  reload: () => void,
): Promise<void> {
  try {
    const outcome = interpretSaveAnswer(await http.post<unknown>(action.url, action.body(row)));
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

const isDialogAction = (action: RowAction | DialogRowAction): action is DialogRowAction => 'dialog' in action;

/** The system-config flags the page's dialog actions depend on, read once per page; none asked for: no call. */
function useConfigFlags(names: readonly string[]): Record<string, unknown> {
  const [flags, setFlags] = useState<Record<string, unknown>>({});
  const needed = names.length > 0;
  useEffect(() => {
    if (!needed) return undefined;
    const abort = new AbortController();
    fetchSystemConfigData({ signal: abort.signal })
      .then((config) => {
        if (config) setFlags(config);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [needed]);
  return flags;
}

function meets(requirement: ActionRequirement, access: ButtonAccess, flags: Record<string, unknown>): boolean {
  if ('configFlag' in requirement) return flags[requirement.configFlag] === '1';
  if (requirement.pageUrl) return hasButton(readStoredButtonList(), requirement.pageUrl, requirement.code);
  return access.can(requirement.code);
}

export interface ListForm {
  addButton: ReactNode;
  rowLinks: (row: FormRow) => ReactNode;
  /** The dialog actions placed after 删除 (重置密码). */
  trailingLinks?: (row: FormRow) => ReactNode;
  /** The labels of the links rowLinks and trailingLinks show, in the current language, to size the action column. */
  linkLabels: string[];
  modal: ReactNode;
  /** 查看 of a row, when the page shows its own detail (a bill with its lines); else the list's detail drawer. */
  view?: (row: FormRow) => void;
  /** A mouse press on a row's 查看: the page may start that detail's reads before the click (its release). */
  viewAhead?: (row: FormRow) => void;
}

/** `page`: the page's key, under which the open form's draft is kept and from which it is offered back. */
export function useListForm(
  spec: FormSpec | undefined,
  access: ButtonAccess,
  reload: () => void,
  page?: string,
): ListForm {
  const t = useT();
  const { message, modal } = useAppFeedback();
  const [target, setTarget] = useState<FormTarget | null>(null);
  const [opened, setOpened] = useState<{ action: DialogRowAction; row: FormRow } | null>(null);
  const editable = Boolean(spec) && access.can(ButtonCode.edit);
  const flagNames = useMemo(
    () =>
      (spec?.rowActions ?? [])
        .filter(isDialogAction)
        .flatMap((a) => (a.requires ?? []).flatMap((r) => ('configFlag' in r ? [r.configFlag] : []))),
    [spec],
  );
  const flags = useConfigFlags(flagNames);
  const actions = useMemo(
    () =>
      spec?.rowActions?.filter((a) =>
        isDialogAction(a) ? (a.requires ?? []).every((r) => meets(r, access, flags)) : access.can(a.code),
      ) ?? [],
    [spec, access, flags],
  );
  const close = useCallback(() => setTarget(null), []);
  const draftPage = editable ? page : undefined;
  useDraftOffer<FormModalDraft>(draftPage, target !== null, (draft) =>
    setTarget({ ...draft.data.target, draft: draft.data.values }),
  );
  const closeDialog = useCallback(() => setOpened(null), []);

  // 操作提示: the next step on the same row, when its action is offered to this user.
  const offerNext = useCallback(
    (followUp: FollowUp | undefined, row: FormRow | undefined) => {
      const next = followUp && row ? actions.filter(isDialogAction).find((a) => a.label === followUp.next) : undefined;
      if (!followUp || !row || !next) return;
      modal.confirm({
        title: t('sysAction.followUpTitle'),
        content: t(followUp.prompt),
        onOk: () => setOpened({ action: next, row }),
      });
    },
    [actions, modal, t],
  );
  const onFormSaved = useCallback(() => {
    reload();
    if (target?.mode === 'edit') offerNext(spec?.followUpOnEdit, target.row);
  }, [reload, target, spec, offerNext]);
  const onDialogDone = useCallback(() => {
    reload();
    if (opened) offerNext(opened.action.followUp, opened.row);
  }, [reload, opened, offerNext]);

  const leading = useMemo(() => actions.filter((a) => !isDialogAction(a) || !a.last), [actions]);
  const trailing = useMemo(
    () => actions.filter((a): a is DialogRowAction => isDialogAction(a) && Boolean(a.last)),
    [actions],
  );

  const rowLinks = useCallback(
    (row: FormRow) => {
      const idKey = spec?.idKey ?? 'id';
      return (
        <>
          {editable && spec?.addChild ? (
            <RowLink onClick={() => setTarget({ mode: 'add', preset: { [spec.addChild!.field]: row[idKey] } })}>
              {t('form.addChild')}
            </RowLink>
          ) : null}
          {leading.map((action) =>
            isDialogAction(action) ? (
              <RowLink key={action.label} onClick={() => setOpened({ action, row })}>
                {t(action.label)}
              </RowLink>
            ) : (
              <RowConfirm
                key={action.url}
                title={t(action.confirm)}
                onConfirm={() => runRowAction(message, action, row, reload)}
              >
                <RowLink>{t(action.label)}</RowLink>
              </RowConfirm>
            ),
          )}
          {editable ? <RowLink onClick={() => setTarget({ mode: 'edit', row })}>{t('form.edit')}</RowLink> : null}
        </>
      );
    },
    [spec, editable, leading, message, reload, t],
  );

  const trailingLinks = useCallback(
    (row: FormRow) =>
      trailing.map((action) => (
        <RowLink key={action.label} onClick={() => setOpened({ action, row })}>
          {t(action.label)}
        </RowLink>
      )),
    [trailing, t],
  );

  // The same object while nothing in it changes: the list's columns are made from it.
  return useMemo(
    () => ({
      addButton:
        editable && spec?.addUrl && !spec.editOnly ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add' })}>
            {t('form.add')}
          </Button>
        ) : null,
      rowLinks,
      trailingLinks,
      linkLabels: [
        ...(editable && spec?.addChild ? [t('form.addChild')] : []),
        ...actions.map((action) => t(action.label)),
        ...(editable ? [t('form.edit')] : []),
      ],
      modal: spec ? (
        <>
          <FormModal spec={spec} target={target} onClose={close} onSaved={onFormSaved} draftPage={draftPage} />
          {opened ? (
            <opened.action.dialog
              key={opened.action.label}
              row={opened.row}
              onClose={closeDialog}
              onDone={onDialogDone}
            />
          ) : null}
        </>
      ) : null,
    }),
    [
      editable,
      spec,
      t,
      rowLinks,
      trailingLinks,
      actions,
      target,
      close,
      onFormSaved,
      draftPage,
      opened,
      closeDialog,
      onDialogDone,
    ],
  );
}
