// The search area: fields from the spec, 查询 / 重置, and Enter moving focus to the next input (wrapping).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { http } from '../../lib/http';
import { nextInputIndex } from '../../lib/table/next-input';
import { useT } from '../../lib/i18n/use-t';
import type { SearchField } from './view-spec';

const DATE_FORMAT = 'YYYY-MM-DD';

/** Initial filter values: pre-filled date ranges (reports start on the last N months). */
export function initialFilterValues(fields: readonly SearchField[], today: Dayjs = dayjs()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'dateRange' && f.monthsBack) {
      values[f.begin] = today.subtract(f.monthsBack, 'month').format(DATE_FORMAT);
      values[f.end] = today.format(DATE_FORMAT);
    }
  }
  return values;
}

function rangeName(f: { begin: string; end: string }): string {
  return `${f.begin}__${f.end}`;
}

function toFormValues(fields: readonly SearchField[], filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filters };
  for (const f of fields) {
    if (f.kind !== 'dateRange') continue;
    const b = filters[f.begin];
    const e = filters[f.end];
    out[rangeName(f)] = b && e ? [dayjs(String(b)), dayjs(String(e))] : undefined;
  }
  return out;
}

function fromFormValues(fields: readonly SearchField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'dateRange') {
      const range = values[rangeName(f)] as [Dayjs, Dayjs] | null | undefined;
      out[f.begin] = range?.[0]?.format(DATE_FORMAT) ?? '';
      out[f.end] = range?.[1]?.format(DATE_FORMAT) ?? '';
    } else {
      out[f.name] = values[f.name];
    }
  }
  return out;
}

function RemoteSelect({ url, method, labelKey, valueKey, ...props }:
  { url: string; method?: 'get' | 'post'; labelKey: string; valueKey: string; value?: unknown; onChange?: (v: unknown) => void;
    placeholder?: string; id?: string }) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    const call = method === 'post' ? http.post<unknown>(url, {}, { silent: true }) : http.get<unknown>(url, undefined, { silent: true });
    call.then((body) => {
      const b = body as { data?: unknown } | unknown[];
      const list = Array.isArray(b) ? b : Array.isArray((b as { data?: unknown }).data) ? (b as { data: unknown[] }).data
        : Array.isArray((b as { data?: { rows?: unknown } }).data?.rows) ? (b as { data: { rows: unknown[] } }).data.rows : [];
      if (live) {
        setOptions(list.map((item) => {
          const r = item as Record<string, unknown>;
          return { value: String(r[valueKey] ?? ''), label: String(r[labelKey] ?? '') };
        }));
      }
    }).catch(() => undefined);
    return () => { live = false; };
  }, [url, method, labelKey, valueKey]);
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options} style={{ minWidth: 160 }} {...props} />;
}

export interface SearchFormProps {
  fields: readonly SearchField[];
  filters: Record<string, unknown>;
  onSearch: (filters: Record<string, unknown>) => void;
  onReset: () => void;
}

export function SearchForm({ fields, filters, onSearch, onReset }: SearchFormProps) {
  const t = useT();
  const [form] = Form.useForm();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    form.setFieldsValue(toFormValues(fields, filters));
  }, [form, fields, filters]);
  if (fields.length === 0) return null;

  const submit = () => onSearch(fromFormValues(fields, form.getFieldsValue()));

  // Enter: the next input of this form takes focus, the last wraps to the first (autoJumpNextInput).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    const inputs = Array.from(box.current?.querySelectorAll<HTMLInputElement>('input') ?? [])
      .filter((i) => !i.disabled && i.type !== 'hidden' && i.type !== 'checkbox' && i.type !== 'radio');
    const next = inputs[nextInputIndex(inputs.indexOf(e.target), inputs.length)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
    // The original also ran the query on Enter (@keyup.enter="searchQuery").
    submit();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Enter in any input inside bubbles here; the box itself takes no input
    <div ref={box} className="table-page-search-wrapper" data-tour="search" onKeyDown={onKeyDown}>
      <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 12 }}>
        {fields.map((f) => {
          switch (f.kind) {
            case 'text':
              return (
                <Form.Item key={f.name} name={f.name} label={t(f.label)}>
                  <Input allowClear placeholder={f.placeholder ? t(f.placeholder) : t(f.label)} style={{ width: 180 }} />
                </Form.Item>
              );
            case 'select':
              return (
                <Form.Item key={f.name} name={f.name} label={t(f.label)}>
                  <Select allowClear placeholder={t(f.label)} style={{ width: 160 }}
                    options={f.options.map((o) => ({ value: o.value, label: t(o.label) }))} />
                </Form.Item>
              );
            case 'remoteSelect':
              return (
                <Form.Item key={f.name} name={f.name} label={t(f.label)}>
                  <RemoteSelect url={f.url} method={f.method} labelKey={f.labelKey} valueKey={f.valueKey} placeholder={t(f.label)} />
                </Form.Item>
              );
            case 'dateRange':
              return (
                <Form.Item key={rangeName(f)} name={rangeName(f)} label={t(f.label)}>
                  <DatePicker.RangePicker format={DATE_FORMAT} placeholder={[t('table.beginDate'), t('table.endDate')]} />
                </Form.Item>
              );
          }
        })}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">{t('table.query')}</Button>
            <Button onClick={() => { form.resetFields(); onReset(); }}>{t('table.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
