// The search area: fields from the view spec, 查询 / 重置, and Enter moving focus to the next input (wrapping).
import { createContext, memo, use, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { optionList } from '../../lib/backend/envelope';
import { sessionOptions, useSessionOptionsVersion } from '../../lib/session-options';
import { nextInputIndex } from '../../lib/table/next-input';
import { openListTakesEnter } from '../form-kit/form-keys';
import { useT } from '../../lib/i18n/use-t';
import type { SearchField } from './view-spec';

const DATE_FORMAT = 'YYYY-MM-DD';

/** Initial filter values: pre-filled date ranges (reports start on the last N months) and selects' initial values. */
export function initialFilterValues(fields: readonly SearchField[], today: Dayjs = dayjs()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'dateRange' && f.monthsBack) {
      values[f.begin] = today.subtract(f.monthsBack, 'month').format(DATE_FORMAT);
      values[f.end] = today.format(DATE_FORMAT);
    }
    if (f.kind === 'select' && f.initial !== undefined) values[f.name] = f.initial;
  }
  return values;
}

/** Names of the select fields whose choice survives a reload. */
export function rememberedFieldNames(fields: readonly SearchField[]): string[] {
  return fields.flatMap((f) => (f.kind === 'select' && f.remember ? [f.name] : []));
}

function rangeName(f: { begin: string; end: string }): string {
  return `${f.begin}__${f.end}`;
}

function toFormValues(fields: readonly SearchField[], filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filters };
  for (const f of fields) {
    if (f.kind === 'remoteSelect' && f.multiple) {
      const v = filters[f.name];
      out[f.name] = typeof v === 'string' && v !== '' ? v.split(',') : undefined;
    }
    if (f.kind !== 'dateRange') continue;
    const b = filters[f.begin];
    const e = filters[f.end];
    out[rangeName(f)] = b || e ? [b ? dayjs(String(b)) : null, e ? dayjs(String(e)) : null] : undefined;
  }
  return out;
}

function fromFormValues(fields: readonly SearchField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'dateRange') {
      const range = values[rangeName(f)] as [Dayjs | null, Dayjs | null] | null | undefined;
      out[f.begin] = range?.[0]?.format(DATE_FORMAT) ?? '';
      out[f.end] = range?.[1]?.format(DATE_FORMAT) ?? '';
    } else if (f.kind === 'remoteSelect' && f.multiple) {
      const chosen = values[f.name];
      out[f.name] = Array.isArray(chosen) && chosen.length > 0 ? chosen.join(',') : undefined;
    } else {
      out[f.name] = values[f.name];
    }
  }
  return out;
}

/**
 * Settles once the list's first answer is in (or has failed): the search selects ask for their choices then, or at
 * once when the user goes to one. Asked with the page, their answers re-rendered the selects before the rows could
 * show, and their calls went to the backend beside the list's (the bench, sandbox, 4 alternated runs each: 采购入库's
 * rows 282 → 229 ms on a LAN, 262 → 199 at 80 ms RTT; in front of a warm jshERP-boot its list answered in ~100 ms
 * either way).
 */
export const ListAnswered = createContext<Promise<void>>(Promise.resolve());

function RemoteSelect({
  url,
  method,
  labelKey,
  valueKey,
  ...props
}: {
  url: string;
  method?: 'get' | 'post';
  labelKey: string;
  valueKey: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  placeholder?: string;
  id?: string;
  mode?: 'multiple';
  maxTagCount?: number;
}) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  // The list is the session's (lib/session-options): asked once, re-read after a write that changes it.
  const version = useSessionOptionsVersion();
  // The answer the options were made from: the same cached answer read again (a session list refreshed by a write
  // elsewhere) must not re-render the select.
  const shownBody = useRef<unknown>(undefined);
  const listAnswered = use(ListAnswered);
  // The user went to the select before the list's answer came: its choices are asked for now.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () =>
      sessionOptions(method ?? 'get', url, undefined, { silent: true })
        .then((body) => {
          if (!live || body === shownBody.current) return;
          shownBody.current = body;
          setOptions(
            optionList(body).map((r) => ({ value: String(r[valueKey] ?? ''), label: String(r[labelKey] ?? '') })),
          );
        })
        .catch(() => undefined);
    if (wanted) void load();
    else
      void listAnswered.then(() => {
        if (live) void load();
      });
    return () => {
      live = false;
    };
  }, [url, method, labelKey, valueKey, version, listAnswered, wanted]);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      style={{ minWidth: 160 }}
      onFocus={() => setWanted(true)}
      {...props}
    />
  );
}

export interface SearchFormProps {
  fields: readonly SearchField[];
  filters: Record<string, unknown>;
  onSearch: (filters: Record<string, unknown>) => void;
  onReset: () => void;
}

export const SearchForm = memo(function SearchForm({ fields, filters, onSearch, onReset }: SearchFormProps) {
  const t = useT();
  const [form] = Form.useForm();
  // The form's name prefixes its inputs' ids: every open tab keeps its page mounted, and two pages searching by
  // `name` would otherwise both hold id="name", so a label would point at the other tab's input.
  const formName = `search${useId()}`;
  const box = useRef<HTMLDivElement>(null);
  // The form takes the filters when they change (the start, 重置), not at every run of this effect: setting the same
  // values re-rendered every field and put the searched values back over a choice not yet searched.
  const applied = useRef<{ fields: readonly SearchField[]; filters: Record<string, unknown> } | null>(null);
  useEffect(() => {
    if (applied.current?.fields === fields && applied.current.filters === filters) return;
    applied.current = { fields, filters };
    form.setFieldsValue(toFormValues(fields, filters));
  }, [form, fields, filters]);
  if (fields.length === 0) return null;

  const submit = () => onSearch(fromFormValues(fields, form.getFieldsValue()));

  // Enter: the next input of this form takes focus, the last wraps to the first (autoJumpNextInput). Handled in the
  // capture phase, before the inputs: a date picker otherwise keeps Enter for itself and focus never leaves the
  // range. A date input holding typed text still gets its Enter first (that commits the date), and focus moves
  // right after. An open select list keeps its Enter (it picks the highlighted option).
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target;
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || !(target instanceof HTMLInputElement)) return;
    if (openListTakesEnter(target)) return;
    const inputs = Array.from(box.current?.querySelectorAll<HTMLInputElement>('input') ?? []).filter(
      (i) => !i.disabled && i.type !== 'hidden' && i.type !== 'checkbox' && i.type !== 'radio',
    );
    const next = inputs[nextInputIndex(inputs.indexOf(target), inputs.length)];
    const moveOn = () => {
      next?.focus();
      // The original also ran the query on Enter (@keyup.enter="searchQuery").
      submit();
    };
    if (target.closest('.ant-picker') && target.value !== '') {
      setTimeout(moveOn, 0);
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    moveOn();
  };

  return (
    <div ref={box} className="table-page-search-wrapper" data-tour="search" onKeyDownCapture={onKeyDownCapture}>
      <Form form={form} name={formName} layout="inline" onFinish={submit} style={{ rowGap: 12 }}>
        {fields.map((f) => {
          switch (f.kind) {
            case 'text':
              return (
                <Form.Item key={f.name} name={f.name} label={t(f.label)}>
                  <Input
                    allowClear
                    placeholder={f.placeholder ? t(f.placeholder) : t(f.label)}
                    style={{ width: 180 }}
                  />
                </Form.Item>
              );
            case 'select':
              return (
                <Form.Item key={f.name} name={f.name} label={t(f.label)}>
                  <Select
                    allowClear={f.initial === undefined}
                    placeholder={t(f.label)}
                    style={{ width: 160 }}
                    options={f.options.map((o) => ({ value: o.value, label: t(o.label) }))}
                  />
                </Form.Item>
              );
            case 'remoteSelect':
              return (
                <Form.Item key={f.name} name={f.name} label={t(f.label)}>
                  <RemoteSelect
                    url={f.url}
                    method={f.method}
                    labelKey={f.labelKey}
                    valueKey={f.valueKey}
                    placeholder={t(f.label)}
                    {...(f.multiple ? { mode: 'multiple' as const, maxTagCount: 1 } : {})}
                  />
                </Form.Item>
              );
            case 'dateRange':
              return (
                <Form.Item key={rangeName(f)} name={rangeName(f)} label={t(f.label)}>
                  {/* allowEmpty: either end may stay open, and the picker no longer pulls focus back to an empty
                      start date, so Enter can move on through both inputs. */}
                  <DatePicker.RangePicker
                    format={DATE_FORMAT}
                    allowEmpty={[true, true]}
                    placeholder={[t('table.beginDate'), t('table.endDate')]}
                  />
                </Form.Item>
              );
          }
        })}
        <Form.Item>
          <Space>
            {/* Not a submit button: the form's submit validates every field first (none has rules here), and each
                field renders twice for it. */}
            <Button type="primary" onClick={submit}>
              {t('table.query')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              {t('table.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
});
