// The one save path of every form — FormModal, the product form, the stock bill and financial bill forms: one save at
// a time (a second Ctrl+S or a click while one runs does nothing), the fields validated (the first wrong one gets the
// cursor), the form's own checks (a refusal is a warning, a question may be asked first), the write through sendSave
// (spaced from the module's last write, the backend's answer told), then the form closes. A refusal, a failed check or
// an HTTP failure keeps everything typed and the form open.
import { useContext, useRef, useState } from 'react';
import { createValueStore, type ValueStore } from '../../lib/value-store';
import { type FormInstance } from 'antd';
import { useT } from '../../lib/i18n/use-t';
import { sendSave } from './send-save';
import { afterNextPaint } from '../../lib/use-after-first-paint';
import { useAppFeedback, type AppFeedback } from '../../lib/app-feedback';
import { FollowSaveContext, newWriteId } from '../../lib/read-after-write';

export interface SaveWrite {
  url: string;
  method: 'post' | 'put';
  body: unknown;
}

/**
 * What the form's own checks answer: the write to send; a refusal shown as a warning, with the control to put the
 * cursor in; or null when the save stops with nothing more to say (a question answered "back", a message already shown).
 */
export type SaveStep = { write: SaveWrite } | { refuse: string; focus?: () => void } | null;

export interface FormSaveSteps<V, A extends unknown[]> {
  form: FormInstance;
  /**
   * A check before the fields are validated: a refusal here is what the user sees (a bill's wrong cell, whose
   * amounts make its money fields wrong too, is named rather than those fields).
   */
  first?: () => { refuse: string; focus?: () => void } | null;
  /** Around the validation (FormModal: name checks then go out at once rather than after the typing pause). */
  validating?: (on: boolean) => void;
  /** Validation failed: called before the first wrong field gets the cursor (the product form shows its tab). */
  invalid?: () => void;
  /** The form's own checks on the validated values, and the write: may ask a question first. */
  prepare: (values: V, ...args: A) => Promise<SaveStep> | SaveStep;
  /** Saved: close the form and what follows (the list reloads). */
  saved: () => void;
}

/** `saving` is read by the form's SaveButton (save-button.tsx): the form itself does not render for it. */
export function useFormSave<V, A extends unknown[] = []>(
  steps: FormSaveSteps<V, A>,
): { save: (...args: A) => Promise<void>; saving: ValueStore<boolean> } {
  const t = useT();
  const { message } = useAppFeedback();
  const [saving] = useState(() => createValueStore(false));
  const savingRef = useRef(false);
  // Inside a list: its reload goes out with the write (lib/read-after-write).
  const followSave = useContext(FollowSaveContext);

  const save = async (...args: A) => {
    if (savingRef.current) return;
    savingRef.current = true;
    let saved = false;
    try {
      const cause = steps.first?.();
      if (cause) {
        message.warning(cause.refuse);
        cause.focus?.();
        return;
      }
      let values: V;
      steps.validating?.(true);
      try {
        // A silent pass first: antd's full pass renders every field that has rules twice more (validating, then
        // done), ahead of the write. Only when a field is wrong does the full pass run, to show the messages.
        values = (await steps.form
          .validateFields({ validateOnly: true })
          .catch(() => steps.form.validateFields())) as V;
      } catch (error) {
        // The fields show their messages; the first wrong one takes the cursor.
        steps.invalid?.();
        const first = (error as { errorFields?: { name: (string | number)[] }[] } | undefined)?.errorFields?.[0]?.name;
        if (first)
          requestAnimationFrame(() => {
            try {
              steps.form.scrollToField(first, { focus: true });
            } catch {
              /* gone */
            }
          });
        return;
      } finally {
        steps.validating?.(false);
      }
      const step = await steps.prepare(values, ...args);
      if (!step) return;
      if ('refuse' in step) {
        message.warning(step.refuse);
        step.focus?.();
        return;
      }
      const writeId = followSave ? newWriteId() : undefined;
      const sending = sendSave(step.write, message, t, writeId);
      const dropReload = writeId ? followSave?.(writeId, sending) : undefined;
      // The spinner renders once the write has left: rendered at the press, it went before the checks and the write
      // (React renders a press's update in a microtask, ahead of the validation's promises).
      saving.set(true);
      const accepted = await sending.catch((error: unknown) => {
        dropReload?.();
        throw error;
      });
      if (!accepted) {
        dropReload?.();
        return;
      }
      saved = true;
      steps.saved();
    } catch {
      // An HTTP failure has been reported by the HTTP client; the form keeps everything typed.
    } finally {
      savingRef.current = false;
      // Saved, the spinner stops after the frame that closes the form: antd's spinner measures the button as it
      // leaves, which in that frame forced the closing dialog's style early (~20 ms ahead of the list's answer).
      if (saved) afterNextPaint(() => saving.set(false));
      else saving.set(false);
    }
  };

  return { save, saving };
}

/** A question before saving (零售出库 taking less than its amount): true when the user says save; 返回 has the cursor. */
export function askBeforeSave(
  modal: AppFeedback['modal'],
  question: { title: string; content: string; okText: string; cancelText: string; onBack?: () => void },
): Promise<boolean> {
  const { onBack, ...texts } = question;
  return new Promise<boolean>((resolve) => {
    modal.confirm({
      ...texts,
      autoFocusButton: 'cancel',
      onOk: () => resolve(true),
      onCancel: () => {
        resolve(false);
        onBack?.();
      },
    });
  });
}
