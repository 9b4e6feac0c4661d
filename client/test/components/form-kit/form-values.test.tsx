// A form's fields render again only for what changed: a render of the form itself (a bill form's every scan and
// typed cell) leaves its fields alone (antd's Form made a new context for them each render, client/patches), and the
// money fields a scan recomputes are set without copying the others (setChangedValues).
import { act, render } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { memo, Profiler, useLayoutEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setChangedValues } from '../../../components/form-kit/form-values';

function Counted({ onRender, value }: { onRender: (value: unknown) => void; value?: unknown }) {
  onRender(value);
  return <span>{Array.isArray(value) ? value.length : String(value ?? '')}</span>;
}

interface FormHandle {
  form: FormInstance;
  /** Renders the form again, as a bill form's scan does (its lines are state of the form's component). */
  rerender: () => void;
}

function BillLikeForm({
  rendered,
  expose,
}: {
  rendered: Record<string, (value: unknown) => void>;
  expose: (handle: FormHandle) => void;
}) {
  const [form] = Form.useForm();
  const [, setLines] = useState(0);
  useLayoutEffect(() => expose({ form, rerender: () => setLines((n) => n + 1) }));
  return (
    <Form form={form} initialValues={{ number: 'CGRK1', debt: 0, fileName: [] }}>
      <Fields rendered={rendered} />
    </Form>
  );
}

/** The fields apart from the form, memoized as a bill form's head and money block are; each field's part of a render
 *  is told to `rendered` (the React profiler: the item, its label and its control, whichever of them rendered). */
const Fields = memo(function Fields({ rendered }: { rendered: Record<string, (value: unknown) => void> }) {
  return (
    <>
      {(['number', 'debt', 'fileName'] as const).map((name) => (
        <Profiler key={name} id={name} onRender={() => rendered[`${name}Item`]!(name)}>
          <Form.Item name={name} label={name}>
            <Counted onRender={rendered[name]!} />
          </Form.Item>
        </Profiler>
      ))}
    </>
  );
});

function setup() {
  const rendered = {
    number: vi.fn(),
    debt: vi.fn(),
    fileName: vi.fn(),
    numberItem: vi.fn(),
    debtItem: vi.fn(),
    fileNameItem: vi.fn(),
  };
  let handle: FormHandle | null = null;
  render(
    <BillLikeForm
      rendered={rendered}
      expose={(h) => {
        handle = h;
      }}
    />,
  );
  for (const spy of Object.values(rendered)) spy.mockClear();
  return { rendered, ...handle! };
}

describe('a form renders its fields again only for what changed', () => {
  it('a render of the form itself renders none of its fields', () => {
    const { rendered, rerender } = setup();
    act(() => rerender());
    expect(rendered.numberItem).not.toHaveBeenCalled();
    expect(rendered.debtItem).not.toHaveBeenCalled();
    expect(rendered.fileNameItem).not.toHaveBeenCalled();
  });

  it('setChangedValues renders the changed field alone, touched and without its errors', () => {
    const { rendered, form } = setup();
    act(() => form.setFields([{ name: 'debt', errors: ['金额格式不正确!'] }]));
    rendered.debt.mockClear();
    const attachments = form.getFieldValue('fileName') as unknown;
    act(() => setChangedValues(form, { debt: 12.5, number: 'CGRK1' }));
    expect(rendered.debt).toHaveBeenLastCalledWith(12.5);
    expect(form.isFieldTouched('debt')).toBe(true);
    expect(form.getFieldError('debt')).toEqual([]);
    expect(rendered.numberItem, 'the same value: not set again').not.toHaveBeenCalled();
    expect(rendered.fileNameItem, 'a list left as it was').not.toHaveBeenCalled();
    expect(form.getFieldValue('fileName')).toBe(attachments);
  });

  it('nothing changed: nothing renders', () => {
    const { rendered, form } = setup();
    act(() => setChangedValues(form, { debt: 0 }));
    expect(rendered.debtItem).not.toHaveBeenCalled();
    expect(form.isFieldTouched('debt')).toBe(false);
  });
});
