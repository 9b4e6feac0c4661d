// What every system form does the same way, page by page: required fields refuse an empty save, Enter walks the
// fields, Esc asks before dropping changes, a failed save keeps what was typed and shows the backend's reason as
// text, one save at a time, success shows the answer and reloads the list, and no edit code hides the entry points.
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormSpec } from '../../../components/form-kit/form-spec';
import type { ViewSpec } from '../../../components/table-page/view-spec';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import {
  buttonNamed,
  dialogGone,
  formDialog,
  holdButtons,
  listOf,
  nameCheck,
  ok,
  selectOption,
  queryButton,
  queryLink,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
  type Backend,
  type Handler,
} from '../../helpers/form-page';

const user = userEvent.setup({ pointerEventsCheck: 0 });

interface Page {
  name: string;
  view: ViewSpec;
  form: FormSpec;
  listRoute: string;
  row: Record<string, unknown>;
  /** The text of the row's first cell. */
  rowText: string;
  extraRoutes?: Record<string, Handler>;
  /** Required-field messages an empty save shows. */
  requiredMessages: string[];
  /** A valid new record: the text fields typed (the first is the one the checks type into), then the choices. */
  typed: [label: string, text: string][];
  chosen?: [label: string, option: string][];
}

// Filling is not what these tests are about: one change event per field keeps a whole page's run short.
const type = (dialog: HTMLElement, label: string, text: string) => {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value: text } });
};

async function fill(dialog: HTMLElement, page: Page) {
  for (const [label, text] of page.typed) type(dialog, label, text);
  for (const [label, option] of page.chosen ?? []) {
    await user.click(within(dialog).getByLabelText(label));
    await user.click(await selectOption(option));
  }
}

const firstLabel = (page: Page) => page.typed[0]![0];

/** 客户, 供应商 and 会员 are one page over /supplier: the row's first cell is its supplier, the check by name and type. */
function partnerPage(
  key: 'customer' | 'vendor' | 'member',
  name: string,
  page: Pick<Page, 'row' | 'typed'> & Partial<Pick<Page, 'requiredMessages'>>,
): Page {
  return {
    name,
    view: SYSTEM_VIEWS[key],
    form: SYSTEM_FORMS[key],
    listRoute: 'GET /supplier/list',
    rowText: String(page.row.supplier),
    extraRoutes: { 'GET /supplier/checkIsNameAndTypeExist': nameCheck() },
    requiredMessages: ['请输入名称!'],
    ...page,
  };
}

const PAGES: Page[] = [
  {
    name: '经手人',
    view: SYSTEM_VIEWS.person,
    form: SYSTEM_FORMS.person,
    listRoute: 'GET /person/list',
    row: { id: 7, name: '张三', type: '财务员', sort: '1', enabled: true },
    rowText: '张三',
    extraRoutes: { 'GET /person/checkIsNameExist': nameCheck() },
    requiredMessages: ['请输入姓名!', '请选择类型!'],
    typed: [['姓名', '王五']],
    chosen: [['类型', '销售员']],
  },
  {
    name: '收支项目',
    view: SYSTEM_VIEWS.inOutItem,
    form: SYSTEM_FORMS.inOutItem,
    listRoute: 'GET /inOutItem/list',
    row: { id: 3, name: '房租', type: '支出', sort: '', remark: '', enabled: true },
    rowText: '房租',
    requiredMessages: ['请输入名称!', '请选择类型!'],
    typed: [['名称', '水电费']],
    chosen: [['类型', '支出']],
  },
  {
    name: '结算账户',
    view: SYSTEM_VIEWS.account,
    form: SYSTEM_FORMS.account,
    listRoute: 'GET /account/list',
    row: {
      id: 17,
      name: '招商银行',
      serialNo: '6225',
      initialAmount: 1000,
      currentAmount: 1200,
      isDefault: true,
      enabled: true,
    },
    rowText: '招商银行',
    extraRoutes: { 'GET /account/checkIsNameExist': nameCheck() },
    requiredMessages: ['请输入名称!'],
    typed: [['名称', '工商银行']],
  },
  {
    name: '仓库',
    view: SYSTEM_VIEWS.depot,
    form: SYSTEM_FORMS.depot,
    listRoute: 'GET /depot/list',
    row: {
      id: 14,
      name: '仓库1',
      address: '',
      warehousing: 0.5,
      truckage: 10,
      principal: 63,
      principalName: '测试用户',
      isDefault: true,
      enabled: true,
    },
    rowText: '仓库1',
    extraRoutes: {
      'GET /depot/checkIsNameExist': nameCheck(),
      'GET /user/getUserList': () => [{ id: 63, userName: '测试用户' }],
    },
    requiredMessages: ['请输入仓库名称!'],
    typed: [['仓库名称', '二号仓']],
  },
  partnerPage('customer', '客户', {
    row: {
      id: 58,
      supplier: '上海某公司',
      type: '客户',
      contacts: '王',
      beginNeedGet: 100,
      allNeedGet: 300,
      enabled: true,
    },
    typed: [['名称', '北京某公司']],
  }),
  partnerPage('vendor', '供应商', {
    row: { id: 59, supplier: '广州供应商', type: '供应商', beginNeedPay: 50, allNeedPay: 80, enabled: true },
    typed: [['名称', '深圳供应商']],
  }),
  partnerPage('member', '会员', {
    row: { id: 60, supplier: '13800000000', type: '会员', advanceIn: 0, enabled: true },
    typed: [['会员卡号', '13900000000']],
    requiredMessages: ['请输入会员卡号!'],
  }),
  {
    name: '多单位',
    view: SYSTEM_VIEWS.unit,
    form: SYSTEM_FORMS.unit,
    listRoute: 'GET /unit/list',
    row: { id: 5, name: '瓶/(箱=12瓶)', basicUnit: '瓶', otherUnit: '箱', ratio: 12, enabled: true },
    rowText: '瓶/(箱=12瓶)',
    requiredMessages: ['请输入基本单位!'],
    typed: [
      ['基本单位', '个'],
      ['副单位', '盒'],
      ['比例', '10'],
    ],
  },
  {
    name: '部门',
    view: SYSTEM_VIEWS.organization,
    form: SYSTEM_FORMS.organization,
    listRoute: 'GET /organization/getOrganizationTree',
    row: { id: 5, key: 5, value: 5, title: '销售部', attributes: '002' },
    rowText: '销售部',
    extraRoutes: {
      'GET /organization/checkIsNameExist': nameCheck(),
      'GET /organization/findById': () => ({
        code: 200,
        data: { id: 5, orgAbr: '销售部', orgNo: '002', parentId: null, sort: '1', remark: '' },
      }),
    },
    requiredMessages: ['请输入名称!', '请输入编码!'],
    typed: [
      ['名称', '华东区'],
      ['编号', '003'],
    ],
  },
];

const addRoute = (form: FormSpec) => `POST ${form.addUrl}`;

function start(page: Page): Backend {
  const list: Handler = () => (page.view.mode === 'tree' ? [page.row] : listOf([page.row]));
  return scriptBackend({
    [page.listRoute]: list,
    [addRoute(page.form)]: () => ok,
    [`PUT ${page.form.updateUrl}`]: () => ok,
    ...page.extraRoutes,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe.each(PAGES)('$name form', (page) => {
  it('refuses an empty save with the required messages; Enter walks the fields and wraps; Esc asks before dropping changes', async () => {
    holdButtons(page.view.pageUrl, undefined);
    const backend = start(page);
    await renderListPage(page.view, page.form);
    await user.click(buttonNamed('新增'));
    let dialog = await formDialog();
    await user.click(buttonNamed('保存', dialog));
    for (const text of page.requiredMessages)
      await waitFor(() => expect(within(dialog).getByText(text)).toBeInTheDocument());
    expect(backend.callsTo(addRoute(page.form))).toHaveLength(0);

    const first = within(dialog).getByLabelText(firstLabel(page));
    const controls = Array.from(
      dialog.querySelectorAll<HTMLElement>('input:not([readonly]), input[role="combobox"], textarea'),
    ).filter((el) => !(el as HTMLInputElement).disabled);
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement).toBe(controls[1]);
    const last = controls.at(-1)!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Enter' });
    if (last instanceof HTMLTextAreaElement) {
      expect(document.activeElement, 'Enter in a textarea is a newline').toBe(last);
    } else {
      expect(document.activeElement, 'the last field wraps to the first').toBe(first);
    }

    // Unchanged: Esc closes at once.
    await user.click(buttonNamed('取消', dialog));
    await dialogGone();
    await user.click(buttonNamed('新增'));
    dialog = await formDialog();
    type(dialog, firstLabel(page), 'x');
    fireEvent.keyDown(within(dialog).getByLabelText(firstLabel(page)), { key: 'Escape' });
    const confirm = await waitFor(() => {
      const box = document.querySelector<HTMLElement>('.ant-modal-confirm');
      expect(box?.textContent).toContain('表单有未保存的修改，确定放弃吗？');
      return box!;
    });
    await user.click(buttonNamed('继续编辑', confirm));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(within(dialog).getByLabelText(firstLabel(page))).toHaveValue('x');
    fireEvent.keyDown(within(dialog).getByLabelText(firstLabel(page)), { key: 'Escape' });
    await user.click(await waitFor(() => buttonNamed('放弃修改', document.querySelector('.ant-modal-confirm')!)));
    await dialogGone();
  });

  it('keeps what was typed when the save fails and shows the reason as text; one save at a time; success reloads', async () => {
    holdButtons(page.view.pageUrl, undefined);
    const backend = start(page);
    backend.answer(addRoute(page.form), () => ({ code: 500, data: { message: '<b>服务内部错误</b>' } }));
    await renderListPage(page.view, page.form);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    await fill(dialog, page);
    const typed = (within(dialog).getByLabelText(firstLabel(page)) as HTMLInputElement).value;
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('<b>服务内部错误</b>'));
    expect(document.querySelector('.ant-message b')).toBeNull();
    expect(within(dialog).getByLabelText(firstLabel(page))).toHaveValue(typed);
    expect(dialog.querySelector('form')).toBeTruthy();

    let release: () => void = () => {};
    backend.answer(
      addRoute(page.form),
      () =>
        new Promise((resolve) => {
          release = () => resolve(ok);
        }),
    );
    const save = buttonNamed('保存', dialog);
    await user.click(save);
    await waitFor(() => expect(backend.callsTo(addRoute(page.form))).toHaveLength(2));
    await waitFor(() => expect(save.className).toContain('ant-btn-loading'));
    await user.click(save);
    fireEvent.keyDown(within(dialog).getByLabelText(firstLabel(page)), { key: 'Enter', ctrlKey: true });
    const lists = backend.callsTo(page.listRoute).length;
    act(() => release());
    await waitFor(() => expect(shownMessages()).toContain('成功'));
    // The list reloads (on 部门 the form's 上级部门 tree, the same call, is read afresh after the write too).
    await waitFor(() => expect(backend.callsTo(page.listRoute).length).toBeGreaterThan(lists));
    expect(backend.callsTo(addRoute(page.form)), 'the presses while saving sent nothing').toHaveLength(2);
    await dialogGone();
  });

  it('shows 新增 and 编辑 only with the edit code (1)', async () => {
    holdButtons(page.view.pageUrl, '3');
    start(page);
    const { unmount } = await renderListPage(page.view, page.form);
    expect(queryButton('新增')).toBeUndefined();
    expect(queryLink('编辑', rowWith(page.rowText))).toBeUndefined();
    expect(queryLink('设为默认', rowWith(page.rowText))).toBeUndefined();
    unmount();
    holdButtons(page.view.pageUrl, '1,3');
    await renderListPage(page.view, page.form);
    expect(queryButton('新增')).toBeDefined();
    expect(queryLink('编辑', rowWith(page.rowText))).toBeDefined();
  });
});
