// Between a record and the form: what the fields start with, what a save sends, and whether anything changed.
import dayjs, { type Dayjs } from 'dayjs';
import type { FormInstance } from 'antd';
import type { FormField, FormMode, FormRow, FormSpec, FormValues } from './form-spec';

const DATE_FORMAT = 'YYYY-MM-DD';

export function fieldsFor(spec: FormSpec, mode: FormMode): FormField[] {
  return spec.fields.filter((f) => !(f.onlyOnAdd && mode === 'edit') && !(f.onlyOnEdit && mode === 'add'));
}

/** The values the fields start with: defaults (+ presets) on add, the record's values on edit. */
export function initialValues(
  spec: FormSpec,
  mode: FormMode,
  row: FormRow | undefined,
  preset?: FormValues,
): FormValues {
  const values: FormValues = {};
  for (const f of fieldsFor(spec, mode)) {
    const raw =
      mode === 'edit' ? row?.[f.from ?? f.name] : preset && f.name in preset ? preset[f.name] : f.defaultValue;
    values[f.name] = toFieldValue(f, raw);
  }
  return values;
}

function toFieldValue(f: FormField, raw: unknown): unknown {
  if (raw === null || raw === undefined) return f.kind === 'switch' || f.kind === 'checkbox' ? false : undefined;
  switch (f.kind) {
    case 'text':
    case 'textarea':
      return String(raw);
    case 'number': {
      const n = Number(raw);
      return raw === '' || Number.isNaN(n) ? undefined : n;
    }
    case 'switch':
    case 'checkbox':
      return raw === true || raw === 1 || raw === '1' || raw === 'true';
    case 'date': {
      const d = dayjs(String(raw));
      return d.isValid() ? d : undefined;
    }
    case 'select':
      // A multiple choice travels as a comma list ("1,4").
      return f.multiple
        ? String(raw)
            .split(',')
            .filter((item) => item !== '')
        : raw;
    default:
      return raw;
  }
}

/** What a save sends for the fields: trimmed text, dates as text, nothing for read-only fields. */
export function savedValues(spec: FormSpec, mode: FormMode, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of fieldsFor(spec, mode)) {
    if (f.readOnly && !f.sent) continue;
    const v = values[f.name];
    if (f.kind === 'text' && f.trim !== false && typeof v === 'string') out[f.name] = v.trim();
    else if (f.kind === 'date') out[f.name] = v && dayjs.isDayjs(v) ? (v as Dayjs).format(f.format ?? DATE_FORMAT) : '';
    else if (f.kind === 'select' && f.multiple) out[f.name] = Array.isArray(v) ? v.join(',') : '';
    else out[f.name] = v === undefined ? null : v;
  }
  return out;
}

/** A comparable picture of the values (dates as text, empty as empty), to tell whether the user changed anything. */
export function snapshot(values: FormValues): string {
  const plain: Record<string, unknown> = {};
  for (const key of Object.keys(values).sort()) {
    const v = values[key];
    plain[key] = dayjs.isDayjs(v) ? v.format() : v === undefined || v === null ? '' : v;
  }
  return JSON.stringify(plain);
}

export function buildBody(spec: FormSpec, mode: FormMode, row: FormRow | undefined, values: FormValues): FormValues {
  if (spec.toBody) return spec.toBody(values, mode, row);
  return mode === 'edit' ? { ...row, ...values, ...spec.fixed } : { ...values, ...spec.fixed };
}

/**
 * The values of `values` that differ from the form's, set as antd's setFieldsValue sets them (touched, their errors
 * cleared); every other field is left alone. setFieldsValue rebuilds the whole store, so each field holding an object
 * or a list (the attachments, a date range) gets a copy and renders again, unchanged: a scan's money fields rendered
 * the bill's head and its attachments too.
 */
export function setChangedValues(form: FormInstance, values: object): void {
  const changed = Object.entries(values).filter(([name, value]) => !Object.is(form.getFieldValue(name), value));
  if (changed.length === 0) return;
  form.setFields(changed.map(([name, value]) => ({ name, value, touched: true, errors: [], warnings: [] })));
}
