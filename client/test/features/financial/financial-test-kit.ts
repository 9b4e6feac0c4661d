// The scripted backend and quick DOM helpers the financial bill tests share: option lists as the sandbox seeds them,
// controls found by their label without role queries, antd selects driven by events.
import { fireEvent, waitFor } from '@testing-library/react';
import type { Handler } from '../../helpers/form-page';

export const saved = { code: 200, msg: '操作成功' };

export const optionRoutes: Record<string, Handler> = {
  'GET /user/getUserList': () => [],
  'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000673' } }),
  'POST /supplier/findBySelect_cus': () => [
    { id: 58, supplier: '宁波华辰贸易有限公司' },
    { id: 61, supplier: '苏州恒信建设工程有限公司' },
  ],
  'POST /supplier/findBySelect_sup': () => [{ id: 60, supplier: '广州安盾劳保用品厂' }],
  'POST /supplier/findBySelect_organ': () => [{ id: 60, supplier: '广州安盾劳保用品厂[供应商]' }],
  'GET /person/getPersonByType': () => ({ code: 200, data: { personList: [{ id: 17, name: '小赵' }] } }),
  'GET /account/getAccount': () => ({
    code: 200,
    data: {
      accountList: [
        { id: 17, name: '现金', isDefault: true },
        { id: 18, name: '工商银行', isDefault: false },
        { id: 19, name: '支付宝', isDefault: false },
      ],
    },
  }),
  'GET /inOutItem/findBySelect': () => [
    { id: 24, name: '快递费' },
    { id: 25, name: '房租水电' },
    { id: 26, name: '办公费用' },
  ],
  'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: { companyName: '华辰贸易' } }),
};

/** The control labelled `label`: its aria-label, or the form item label pointing at it. */
export function byLabel(container: ParentNode, label: string): HTMLElement {
  const labelled = Array.from(container.querySelectorAll<HTMLElement>('[aria-label]')).find(
    (el) => el.getAttribute('aria-label') === label,
  );
  if (labelled) return labelled;
  const tag = Array.from(container.querySelectorAll<HTMLLabelElement>('label')).find((l) => l.textContent === label);
  const control = tag?.htmlFor ? container.querySelector<HTMLElement>(`#${CSS.escape(tag.htmlFor)}`) : null;
  if (!control) throw new Error(`no control labelled ${label}`);
  return control;
}

export async function choose(container: ParentNode, label: string, option: string): Promise<void> {
  const input = byLabel(container, label);
  fireEvent.mouseDown(input.closest('.ant-select')?.querySelector('.ant-select-selector, input') ?? input);
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option'))
      .filter((el) => el.getAttribute('title') === option)
      .at(-1);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

/** The text a select shows as chosen. */
export const chosen = (container: ParentNode, label: string) =>
  byLabel(container, label).closest('.ant-select')?.textContent ?? '';

export const type = (container: ParentNode, label: string, value: string) =>
  fireEvent.change(byLabel(container, label), { target: { value } });

/** The button whose text is `label` (antd spaces two-character labels). */
export function button(label: string, container: ParentNode = document): HTMLButtonElement {
  const found = Array.from(container.querySelectorAll('button')).find(
    (b) => (b.textContent ?? '').replace(/\s+/g, '') === label,
  );
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

/** The open modal whose text contains `text`. */
export function modalWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find((m) =>
      m.textContent?.includes(text),
    );
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });
}

export const infoOf = (call: { body: unknown }) =>
  JSON.parse((call.body as { info: string }).info) as Record<string, unknown>;
export const rowsOf = (call: { body: unknown }) =>
  JSON.parse((call.body as { rows: string }).rows) as Record<string, unknown>[];
export const gridTotal = (container: ParentNode, column: string) =>
  container.querySelector(`[data-total="${column}"]`)?.textContent;
