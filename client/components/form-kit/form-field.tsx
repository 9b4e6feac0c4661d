// One form control per field kind; remote options and trees are the session's (lib/session-options).
import { useEffect, useState } from 'react';
import { NumberTextInput } from './number-text-input';
import { Checkbox, DatePicker, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { http } from '../../lib/http';
import { sessionOptions, useSessionOptionsVersion } from '../../lib/session-options';
import { useT } from '../../lib/i18n/use-t';
import { okObject, optionList } from '../../lib/backend/envelope';
import type { FormField, OptionSource, TreeSource } from './form-spec';
import { TagValues } from './tag-values';

interface ControlProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
}

function RemoteSelect({ source, ...props }: ControlProps & { source: OptionSource }) {
  const [options, setOptions] = useState<{ value: string | number; label: string }[]>([]);
  const version = useSessionOptionsVersion();
  useEffect(() => {
    let live = true;
    sessionOptions('get', source.url, undefined, { silent: true })
      .then((body) => {
        if (!live) return;
        setOptions(
          optionList(body, source.listPath).map((r) => ({
            value: r[source.valueKey] as string | number,
            label: String(r[source.labelKey] ?? ''),
          })),
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [source, version]);
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options} {...props} />;
}

function RemoteTreeSelect({
  source,
  selfId,
  onChange,
  ...props
}: ControlProps & { source: TreeSource; selfId: unknown }) {
  const [tree, setTree] = useState<unknown[]>([]);
  const form = Form.useFormInstance();
  const version = useSessionOptionsVersion();
  useEffect(() => {
    let live = true;
    // The tree's own id goes out even when empty (a new record): tree endpoints require it.
    const params = {
      ...source.params,
      ...(source.selfParam ? { [source.selfParam]: selfId == null ? '' : String(selfId) } : {}),
    };
    sessionOptions('get', source.url, params, { silent: true })
      .then((body) => {
        if (live) setTree(optionList(body));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [source, selfId, version]);
  const pick = source.pick;
  const choose = (value: unknown) => {
    onChange?.(value);
    if (!pick || value === undefined || value === null) return;
    if (value === 0 || value === '0') {
      form.setFieldsValue(pick.root);
      return;
    }
    http
      .get<unknown>(pick.url, { id: String(value) }, { silent: true })
      .then((body) => {
        const info = okObject(body)?.info as Record<string, unknown> | null | undefined;
        if (!info || typeof info !== 'object') return;
        form.setFieldsValue(
          Object.fromEntries(Object.entries(pick.fill).map(([field, key]) => [field, info[key] ?? ''])),
        );
        // The filled fields may carry a required message from an earlier save attempt.
        void form.validateFields(Object.keys(pick.fill)).catch(() => undefined);
      })
      .catch(() => undefined);
  };
  return <TreeSelect allowClear treeDefaultExpandAll treeData={tree as never} {...props} onChange={choose} />;
}

export function FieldControl({
  field,
  selfId,
  readOnly,
  ...props
}: ControlProps & { field: FormField; selfId: unknown; readOnly: boolean }) {
  const t = useT();
  const input =
    field.kind === 'text' ||
    field.kind === 'number' ||
    field.kind === 'textarea' ||
    field.kind === 'tags' ||
    field.kind === 'date';
  const placeholder = field.placeholder
    ? t(field.placeholder)
    : t(input ? 'form.inputPlaceholder' : 'form.selectPlaceholder', { label: t(field.label) });
  switch (field.kind) {
    case 'text': {
      const common = {
        ...props,
        value: props.value as string | undefined,
        placeholder,
        readOnly,
        onChange: (e: { target: { value: string } }) => props.onChange?.(e.target.value),
        suffix: field.suffix ? t(field.suffix) : undefined,
      };
      return field.password ? <Input.Password {...common} autoComplete="new-password" /> : <Input {...common} />;
    }
    case 'number':
      // Read-only numbers (a computed balance) show as antd draws numbers; typed ones keep their text (checked by the form).
      return readOnly ? (
        <InputNumber
          {...props}
          value={props.value as number | undefined}
          readOnly
          placeholder={placeholder}
          precision={field.precision}
          suffix={field.suffix ? t(field.suffix) : undefined}
          style={{ width: '100%' }}
        />
      ) : (
        <NumberTextInput {...props} placeholder={placeholder} suffix={field.suffix ? t(field.suffix) : undefined} />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...props}
          value={props.value as string | undefined}
          readOnly={readOnly}
          placeholder={placeholder}
          rows={field.rows ?? 2}
          onChange={(e) => props.onChange?.(e.target.value)}
        />
      );
    case 'tags':
      return (
        <TagValues
          {...props}
          separator={field.separator}
          addLabel={field.addLabel}
          rows={field.rows}
          readOnly={readOnly}
          placeholder={placeholder}
        />
      );
    case 'select':
      return (
        <Select
          {...props}
          allowClear
          disabled={readOnly}
          placeholder={placeholder}
          mode={field.multiple ? 'multiple' : undefined}
          options={field.options.map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      );
    case 'remoteSelect':
      return <RemoteSelect {...props} disabled={readOnly} placeholder={placeholder} source={field.source} />;
    case 'treeSelect':
      return (
        <RemoteTreeSelect
          {...props}
          disabled={readOnly}
          placeholder={placeholder}
          source={field.source}
          selfId={selfId}
        />
      );
    case 'switch':
      return (
        <Switch
          id={props.id}
          checked={Boolean(props.value)}
          disabled={readOnly}
          onChange={(v) => props.onChange?.(v)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          id={props.id}
          checked={Boolean(props.value)}
          disabled={readOnly}
          onChange={(e) => props.onChange?.(e.target.checked)}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...props}
          value={props.value as never}
          disabled={readOnly}
          placeholder={placeholder}
          format={field.format ?? 'YYYY-MM-DD'}
          showTime={Boolean(field.format?.includes('HH'))}
          style={{ width: '100%' }}
        />
      );
  }
}
