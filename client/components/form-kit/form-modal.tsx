// One add/edit form from its FormSpec, with the behaviour every form shares: Enter moves to the next field
// (wrapping; a textarea keeps its newline), Ctrl+Enter / Ctrl+S save, Esc (and 取消) ask before dropping changes,
// name checks debounced while typing, one save at a time (the backend logs a user out when two writes of one
// module land in the same second, so writes are also spaced a second apart), a failed save keeps what was typed
// and shows the backend's reason.
import { useEffect, useEffectEvent, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Drawer, Form, Spin, type FormRule } from 'antd';
import { http } from '../../lib/http';
import { useT } from '../../lib/i18n/use-t';
import { useLanguage } from '../../lib/i18n/language-switch';
import { softHyphens } from '../../lib/i18n/soft-hyphens';
import { answerText, interpretCheckAnswer, okObject, type CheckOutcome } from '../../lib/backend/envelope';
import { FieldControl } from './form-field';
import { focusFirstField, formKeyDown } from './form-keys';
import type { FieldRule, FormField, FormMode, FormRow, FormSpec, FormValues } from './form-spec';
import { numberFormRule } from './number-field';
import { buildBody, fieldsFor, initialValues, savedValues, snapshot } from './form-values';
import { useFormSave } from './use-form-save';
import { useFormDraft } from './form-draft';
import { FormDialog, FormFooter } from './form-dialog';
import { useAppFeedback } from '../../lib/app-feedback';

/** Quiet time after the last keystroke before a name check goes out. */
export const NAME_CHECK_DEBOUNCE_MS = 400;

export interface FormTarget {
  mode: FormMode;
  row?: FormRow;
  /** Values an add starts with (添加下级: the parent). */
  preset?: FormValues;
  /** A kept draft being restored: the fields start with it (the form counts as changed). */
  draft?: FormValues;
}

/** What a form's draft holds: how it was opened and what was typed. */
/** A field whose value never goes into a draft: marked secret, or a password. */
export const isSecret = (field: FormField): boolean =>
  field.secret === true || (field.kind === 'text' && field.password === true);

export interface FormModalDraft {
  target: Omit<FormTarget, 'draft'>;
  values: FormValues;
}

interface Session {
  key: number;
  row: FormRow | undefined;
  values: FormValues;
  /** The restored draft's values, shown instead of `values` (which stay what an unchanged form holds). */
  restored?: FormValues;
}

let sessionCount = 0;

export interface FormModalProps {
  spec: FormSpec;
  target: FormTarget | null;
  onClose: () => void;
  onSaved: () => void;
  /** The page (its pageKey) the form's draft is kept under; without it no draft is kept. */
  draftPage?: string;
}

export function FormModal({ spec, target, onClose, onSaved, draftPage }: FormModalProps) {
  const t = useT();
  // Labels wrap between words, and inside a long compound only with a hyphen (lib/i18n/soft-hyphens.ts).
  const language = useLanguage();
  const { message } = useAppFeedback();
  const [form] = Form.useForm();
  const [session, setSession] = useState<Session | null>(null);
  /** While a save validates, name checks go out at once (the debounce is for typing). */
  const submittingRef = useRef(false);
  const checksRef = useRef(new Map<string, Promise<CheckOutcome>>());
  const latestCheckRef = useRef(new Map<string, number>());
  const boxRef = useRef<HTMLDivElement>(null);
  const mode: FormMode = target?.mode ?? 'add';
  const fields = useMemo(() => fieldsFor(spec, mode), [spec, mode]);
  const idKey = spec.idKey ?? 'id';
  const recordId = mode === 'edit' ? (session?.row?.[idKey] ?? target?.row?.[idKey]) : undefined;

  // A detail call that fails closes the form again (its reason shown when the backend gave one).
  const abandon = useEffectEvent((reason: string) => {
    if (reason) message.warning(reason);
    onClose();
  });

  // Each opening starts a session: values from the row (or the detail call), fresh name-check answers.
  useEffect(() => {
    // Closing keeps the form on screen while the dialog fades; afterClose clears it.
    if (!target) return;
    checksRef.current.clear();
    latestCheckRef.current.clear();
    const start = (row: FormRow | undefined) =>
      setSession({
        key: ++sessionCount,
        row,
        values: initialValues(spec, target.mode, row, target.preset),
        restored: target.draft,
      });
    if (target.mode !== 'edit' || !spec.detailUrl) {
      start(target.row);
      return;
    }
    // Opening the form is what this effect is for: an edit waits for the record's detail call, shown empty till then.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSession(null);
    let live = true;
    http
      .get<unknown>(spec.detailUrl, { id: String(target.row?.[idKey] ?? '') })
      .then((body) => {
        if (!live) return;
        const data = okObject(body);
        if (data) {
          start({ ...target.row, ...(data as FormRow) });
        } else {
          abandon(answerText(body));
        }
      })
      .catch(() => {
        if (live) abandon('');
      });
    return () => {
      live = false;
    };
  }, [target, spec, idKey]);

  useEffect(() => {
    // Unless the user already put the cursor in the form.
    if (session) return focusFirstField(() => boxRef.current);
  }, [session]);

  const isDirty = () => {
    if (!session) return false;
    return snapshot(form.getFieldsValue(fields.map((f) => f.name)) as FormValues) !== snapshot(session.values);
  };

  const title = t(spec.titles?.[mode] ?? (mode === 'add' ? 'form.addTitle' : 'form.editTitle'));
  const { close, keepDraft, requestClose } = useFormDraft({
    page: draftPage,
    title,
    isOpen: () => target !== null,
    isDirty,
    content: () => {
      const { draft: _restored, ...opened } = target!;
      // A secret (a password) is not kept: restored, its field is empty and asks for it again.
      const kept = fields.filter((f) => !isSecret(f)).map((f) => f.name);
      return { target: opened, values: form.getFieldsValue(kept) as FormValues } satisfies FormModalDraft;
    },
    onClose,
  });

  const { save, saving } = useFormSave<FormValues>({
    form,
    validating: (on) => {
      submittingRef.current = on;
    },
    prepare: (values) => {
      if (!session) return null;
      const saved = savedValues(spec, mode, values);
      for (const check of spec.checks ?? []) {
        const problem = check(saved, session.row);
        if (problem) return { refuse: t(problem) };
      }
      const body = buildBody(spec, mode, session.row, saved);
      const addUrl = spec.addUrl;
      if (mode === 'add' && !addUrl) return null; // an edit-only form never opens for an add
      return {
        write:
          mode === 'add' && addUrl
            ? { url: addUrl, method: 'post', body }
            : { url: spec.updateUrl, method: 'put', body },
      };
    },
    saved: () => {
      close();
      onSaved();
    },
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) =>
    formKeyDown(e, boxRef.current, { save: () => void save(), requestClose });

  const rulesFor = (field: FormField): FormRule[] => [
    ...(field.rules ?? []).map((rule) => toFormRule(field, rule)),
    ...(field.kind === 'number' && !field.readOnly ? [numberRule(field)] : []),
  ];

  // A number field keeps what was typed: text that is no number, a barcode-looking run of digits, or a value outside
  // the field's range is refused with a message rather than dropped (the control hands such text on as it is).
  const numberRule = (field: Extract<FormField, { kind: 'number' }>): FormRule =>
    numberFormRule({ min: field.min, max: field.max, integer: field.precision === 0 }, t);

  const toFormRule = (field: FormField, rule: FieldRule): FormRule => {
    switch (rule.kind) {
      case 'required':
        return { required: true, message: t(rule.message) };
      case 'length':
        return { min: rule.min, max: rule.max, message: t(rule.message) };
      case 'pattern':
        return { pattern: rule.pattern, message: t(rule.message) };
      case 'exists':
        return {
          validator: async (_rule, value: unknown) => {
            const text =
              typeof value === 'string' ? (field.kind === 'text' && field.trim === false ? value : value.trim()) : '';
            if (!text) return;
            const mine = (latestCheckRef.current.get(field.name) ?? 0) + 1;
            latestCheckRef.current.set(field.name, mine);
            const others = Object.fromEntries(
              (rule.withFields ?? []).map((name) => [name, String(form.getFieldValue(name) ?? '')]),
            );
            const cacheKey = `${rule.url}\n${text}\n${JSON.stringify(others)}`;
            let pending = checksRef.current.get(cacheKey);
            if (!pending) {
              if (!submittingRef.current) {
                await new Promise((resolve) => setTimeout(resolve, NAME_CHECK_DEBOUNCE_MS));
                // A later keystroke has started its own check; the form keeps only the newest result.
                if (latestCheckRef.current.get(field.name) !== mine) return;
                pending = checksRef.current.get(cacheKey);
              }
              if (!pending) {
                pending = http
                  .get<unknown>(
                    rule.url,
                    { [rule.param ?? 'name']: text, id: String(recordId ?? 0), ...rule.extra, ...others },
                    { silent: true },
                  )
                  .then(interpretCheckAnswer, (): CheckOutcome => ({ kind: 'failed', message: '' }));
                checksRef.current.set(cacheKey, pending);
              }
            }
            const outcome = await pending;
            if (outcome.kind === 'taken') throw new Error(t(rule.message));
            if (outcome.kind === 'failed') {
              checksRef.current.delete(cacheKey);
              if (outcome.message) throw new Error(outcome.message);
            }
          },
        };
    }
  };

  // Esc is handled by the form rather than by antd's dialog stack, so a closed confirmation can never leave the form
  // deaf to it; an open dropdown keeps its own Esc.
  const footer = (
    <FormFooter requestClose={requestClose} saving={saving} onSave={() => void save()} escapeAsks={spec.drawer} />
  );
  const content = session ? (
    <div ref={boxRef} onKeyDownCapture={onKeyDown}>
      {/* clearOnDestroy: one form instance serves every opening, and an earlier opening's values must not leak in. */}
      <Form
        key={session.key}
        form={form}
        name={`form-${session.key}`}
        initialValues={session.restored ?? session.values}
        clearOnDestroy
        onValuesChange={keepDraft}
        labelWrap
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 17 } }}
        autoComplete="off"
      >
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={softHyphens(t(f.label), language)}
            rules={rulesFor(f)}
            extra={f.help ? t(f.help) : undefined}
          >
            <FieldControl
              field={f}
              selfId={recordId}
              readOnly={Boolean(f.readOnly || (f.readOnlyOnEdit && mode === 'edit'))}
            />
          </Form.Item>
        ))}
      </Form>
    </div>
  ) : (
    <div style={{ textAlign: 'center', padding: 24 }}>
      <Spin />
    </div>
  );

  if (spec.drawer) {
    return (
      <Drawer
        open={target !== null}
        title={title}
        size={spec.width ?? 'large'}
        onClose={requestClose}
        destroyOnHidden
        keyboard={false}
        afterOpenChange={(open) => {
          if (!open && target === null) setSession(null);
        }}
        mask={{ closable: false }}
        footer={footer}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <FormDialog
      open={target !== null}
      title={title}
      width={spec.width ?? 640}
      requestClose={requestClose}
      afterClose={() => {
        if (target === null) setSession(null);
      }}
      footer={footer}
    >
      {content}
    </FormDialog>
  );
}
