import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import {
  buttonNamed,
  dialogGone,
  formDialog,
  holdButtons,
  listOf,
  ok,
  renderListPage,
  scriptBackend,
  shownMessages,
  type Backend,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.person;
const form = SYSTEM_FORMS.person;
const rows = [{ id: 7, name: '张三', type: '财务员', sort: '1', enabled: true, tenantId: 63 }];
const user = userEvent.setup({ pointerEventsCheck: 0 });

let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /person/list': () => listOf(rows),
    'GET /person/checkIsNameExist': (c) => ({
      code: 200,
      data: { message: '成功', status: c.query.get('name') === '李四' },
    }),
    'POST /person/add': () => ok,
    'PUT /person/update': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

async function openAdd() {
  await renderListPage(view, form);
  await user.click(buttonNamed('新增'));
  return formDialog();
}

describe('经手人 form', () => {
  it('asks for 姓名 and 类型 with the original messages and sends nothing', async () => {
    const dialog = await openAdd();
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(within(dialog).getByText('请输入姓名!')).toBeInTheDocument());
    expect(within(dialog).getByText('请选择类型!')).toBeInTheDocument();
    expect(backend.callsTo('POST /person/add')).toHaveLength(0);
  });

  it('opens with the first field focused and checks the length of 姓名', async () => {
    const dialog = await openAdd();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('姓名')));
    await user.type(within(dialog).getByLabelText('姓名'), '张');
    await waitFor(() => expect(within(dialog).getByText('长度在 2 到 30 个字符')).toBeInTheDocument());
  });

  it('checks the name once typing pauses and shows 名称已经存在', async () => {
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText('姓名'), '李四');
    await waitFor(() => expect(within(dialog).getByText('名称已经存在')).toBeInTheDocument());
    const checks = backend.callsTo('GET /person/checkIsNameExist');
    expect(checks.map((c) => c.query.get('name'))).toEqual(['李四']);
    expect(checks[0]?.query.get('id')).toBe('0');
  });

  it('saves once however often 保存 is pressed, then shows the answer and reloads the list', async () => {
    let release: () => void = () => {};
    backend.answer(
      'POST /person/add',
      () =>
        new Promise((resolve) => {
          release = () => resolve(ok);
        }),
    );
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText('姓名'), '王五');
    await user.click(within(dialog).getByLabelText('类型'));
    await user.click(await within(document.body).findByTitle('销售员'));
    const save = buttonNamed('保存', dialog);
    await user.click(save);
    await waitFor(() => expect(backend.callsTo('POST /person/add')).toHaveLength(1));
    await user.click(save);
    fireEvent.keyDown(within(dialog).getByLabelText('姓名'), { key: 's', ctrlKey: true });
    const listsBefore = backend.callsTo('GET /person/list').length;
    act(() => release());
    await waitFor(() => expect(shownMessages()).toContain('成功'));
    expect(backend.callsTo('POST /person/add')).toHaveLength(1);
    expect(backend.callsTo('POST /person/add')[0]?.body).toEqual({ name: '王五', type: '销售员', sort: null });
    await waitFor(() => expect(backend.callsTo('GET /person/list').length).toBe(listsBefore + 1));
    await dialogGone();
  });

  it("sends the list's reload with the save, to be answered after it; a refused save's reload is dropped", async () => {
    let release: (answer: unknown) => void = () => {};
    backend.answer('POST /person/add', () => new Promise((resolve) => (release = resolve)));
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText('姓名'), '王五');
    await user.click(within(dialog).getByLabelText('类型'));
    await user.click(await within(document.body).findByTitle('销售员'));
    // The save and the list, as the page sent them and as the backend received them.
    const routeOf = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
    const saveAndList = (calls: typeof backend.calls) =>
      calls.filter((c) => ['POST /person/add', 'GET /person/list'].includes(routeOf(c)));
    const sentBefore = saveAndList(backend.sent).length;
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(saveAndList(backend.sent).length).toBe(sentBefore + 2));
    const [save, reload] = saveAndList(backend.sent).slice(sentBefore);
    expect(routeOf(save!)).toBe('POST /person/add');
    expect(routeOf(reload!)).toBe('GET /person/list');
    expect(save!.headers.get('x-write-id')).toMatch(/^[0-9a-f]{24}$/);
    expect(reload!.headers.get('x-after-write')).toBe(save!.headers.get('x-write-id'));
    expect(saveAndList(backend.calls).at(-1), 'the backend has the save, not yet the list').toBe(save);

    // Refused: the form keeps what was typed, and the list what it showed (the reload's answer is not taken).
    backend.answer('GET /person/list', () =>
      listOf([...rows, { id: 8, name: '不该出现', type: '销售员', enabled: true }]),
    );
    act(() => release({ code: 500, data: { message: '名称重复' } }));
    await waitFor(() => expect(shownMessages()).toContain('名称重复'));
    expect(within(dialog).getByLabelText('姓名')).toHaveValue('王五');
    await waitFor(() => expect(saveAndList(backend.calls).at(-1)).toBe(reload));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.table-page tbody')?.textContent).not.toContain('不该出现');

    // Saved: the rows come from the reload sent with the save, which reached the backend after the save's answer.
    backend.answer('GET /person/list', () => listOf([...rows, { id: 8, name: '王五', type: '销售员', enabled: true }]));
    const sentAgain = saveAndList(backend.sent).length;
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(saveAndList(backend.sent).length).toBe(sentAgain + 2));
    act(() => release(ok));
    await waitFor(() => expect(document.querySelector('.table-page tbody')?.textContent).toContain('王五'));
    await dialogGone();
    const [resave, ordered] = saveAndList(backend.calls).slice(-2);
    expect(routeOf(resave!)).toBe('POST /person/add');
    expect(ordered!.headers.get('x-after-write')).toBe(resave!.headers.get('x-write-id'));
    expect(saveAndList(backend.sent).length, 'no list asked again after the save').toBe(sentAgain + 2);
  });
});
