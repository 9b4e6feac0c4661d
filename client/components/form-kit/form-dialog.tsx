// The dialog a form stands in and its footer: Back closes the form first (asking about unsaved changes as 取消
// does), neither Esc through antd's dialog stack nor a click beside it closes it (the form asks first), and the
// footer is 取消 and the form's save buttons.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Modal, Space, type ModalProps } from 'antd';
import { useT } from '../../lib/i18n/use-t';
import type { MessageKey } from '../../lib/i18n/i18n';
import { BackCloses } from '../../lib/use-back-closes';
import { escapeAsks } from './form-keys';
import { SaveButton } from './save-button';

/** What a list page hands its bill form (stock or financial): the kind, what to open (null: closed), the ways out. */
export interface BillFormProps<Kind, Target> {
  kind: Kind;
  target: Target | null;
  /** The user holds 审核 (2): 保存并审核 is offered. */
  canAudit: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** The page (its pageKey) the form's draft is kept under; without it no draft is kept. */
  draftPage?: string;
}

export interface FormFooterProps {
  requestClose: () => void;
  saving: Parameters<typeof SaveButton>[0]['saving'];
  /** 保存; none on a read-only form. */
  onSave?: () => void;
  saveLabel?: MessageKey;
  /** 保存并审核, where the user may audit. */
  audit?: { label: MessageKey; onSave: () => void } | null;
  /** Esc on the footer asks to close (a drawer: its footer is outside the form's keys). */
  escapeAsks?: boolean;
}

export function FormFooter({ requestClose, saving, onSave, saveLabel, audit, escapeAsks: asks }: FormFooterProps) {
  const t = useT();
  return (
    <Space onKeyDown={asks ? (e: KeyboardEvent<HTMLElement>) => escapeAsks(e, requestClose) : undefined}>
      <Button onClick={requestClose}>{t('form.cancel')}</Button>
      {audit ? (
        <SaveButton saving={saving} onClick={audit.onSave}>
          {t(audit.label)}
        </SaveButton>
      ) : null}
      {onSave ? (
        <SaveButton type="primary" saving={saving} onClick={onSave}>
          {t(saveLabel ?? 'form.save')}
        </SaveButton>
      ) : null}
    </Space>
  );
}

export interface FormDialogProps extends Omit<
  ModalProps,
  'open' | 'onCancel' | 'keyboard' | 'destroyOnHidden' | 'mask' | 'wrapProps' | 'footer'
> {
  open: boolean;
  requestClose: () => void;
  footer: ReactNode;
  /**
   * Esc anywhere in the dialog asks to close (default). Off where dialogs opened inside the form take their own Esc:
   * their keys bubble through the React tree to this one.
   */
  escapeAsks?: boolean;
  /** The dialog closes at once (no animation) and drops its content: the content is not rendered again meanwhile. */
  closingAtOnce?: boolean;
}

/** The children as last rendered while `kept`: the same element, so React skips the subtree. */
function KeptWhile({ kept, children }: { kept: boolean; children: ReactNode }) {
  const last = useRef(children);
  // eslint-disable-next-line react-hooks/refs -- the last children shown, read back only while kept
  if (!kept) last.current = children;
  // eslint-disable-next-line react-hooks/refs -- as above
  return last.current;
}

export function FormDialog({
  open,
  requestClose,
  escapeAsks: asks = true,
  closingAtOnce = false,
  children,
  ...modal
}: FormDialogProps) {
  return (
    <>
      <BackCloses open={open} onBack={requestClose} />
      <Modal
        open={open}
        onCancel={requestClose}
        destroyOnHidden
        keyboard={false}
        wrapProps={asks ? { onKeyDown: (e: KeyboardEvent<HTMLElement>) => escapeAsks(e, requestClose) } : undefined}
        mask={{ closable: false }}
        {...modal}
        {...(closingAtOnce && !open ? { transitionName: '', maskTransitionName: '' } : {})}
      >
        <KeptWhile kept={closingAtOnce && !open}>{children}</KeptWhile>
      </Modal>
    </>
  );
}
