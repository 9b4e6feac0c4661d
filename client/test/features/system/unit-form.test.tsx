import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  ok,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.unit;
const form = SYSTEM_FORMS.unit;
const user = userEvent.setup({ pointerEventsCheck: 0 });
afterEach(() => vi.unstubAllGlobals());

describe('多单位 form', () => {
  it('runs the other-unit checks in order, each with its warning, and sends nothing until they pass', async () => {
    holdButtons(view.pageUrl, undefined);
    const backend = scriptBackend({ 'GET /unit/list': () => listOf([]), 'POST /unit/add': () => ok });
    await renderListPage(view, form);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    const set = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const saveExpecting = async (message: string) => {
      await user.click(buttonNamed('保存', dialog));
      await waitFor(() => expect(shownMessages()).toContain(message));
    };
    expect(within(dialog).getByLabelText('基本单位')).toHaveAttribute('placeholder', '请输入基本单位(小单位)');
    set('基本单位', 'x'.repeat(11));
    await waitFor(() => expect(within(dialog).getByText('长度在 1 到 10 个字符')).toBeInTheDocument());
    set('基本单位', '瓶');
    await saveExpecting('抱歉，副单位不能为空！');
    set('副单位', '箱');
    await saveExpecting('抱歉，比例不能为空！');
    set('比例', '1.2345');
    await saveExpecting('抱歉，比例只能为数字，最多三位小数！');
    set('比例', '12');
    set('副单位2', '托');
    await saveExpecting('抱歉，比例2不能为空！');
    set('比例2', 'abc');
    await saveExpecting('抱歉，比例2只能为数字，最多三位小数！');
    set('比例2', '120');
    set('副单位3', '柜');
    await saveExpecting('抱歉，比例3不能为空！');
    set('比例3', '-1');
    await saveExpecting('抱歉，比例3只能为数字，最多三位小数！');
    set('比例3', '1200');
    set('副单位2', '');
    set('比例2', '');
    await saveExpecting('抱歉，需要先输入副单位2再输入副单位3！');
    set('副单位2', '托');
    set('比例2', '120');
    set('副单位', '瓶');
    await saveExpecting('抱歉，基本单位与副单位不能相同！');
    set('副单位', '箱');
    set('副单位2', '瓶');
    await saveExpecting('抱歉，基本单位与副单位2不能相同！');
    set('副单位2', '托');
    set('副单位3', '瓶');
    await saveExpecting('抱歉，基本单位与副单位3不能相同！');
    expect(backend.callsTo('POST /unit/add')).toHaveLength(0);
    set('副单位3', '柜');
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /unit/add')).toHaveLength(1));
    expect(backend.callsTo('POST /unit/add')[0]?.body).toEqual({
      basicUnit: '瓶',
      otherUnit: '箱',
      ratio: '12',
      otherUnitTwo: '托',
      ratioTwo: '120',
      otherUnitThree: '柜',
      ratioThree: '1200',
    });
  });

  it('edits a unit from its row, ratios as text', async () => {
    holdButtons(view.pageUrl, undefined);
    const row = {
      id: 5,
      name: '瓶/(箱=12瓶)',
      basicUnit: '瓶',
      otherUnit: '箱',
      ratio: 12,
      otherUnitTwo: null,
      ratioTwo: null,
      enabled: true,
    };
    const backend = scriptBackend({ 'GET /unit/list': () => listOf([row]), 'PUT /unit/update': () => ok });
    await renderListPage(view, form);
    await user.click(linkNamed('编辑', rowWith('瓶/(箱=12瓶)')));
    const dialog = await formDialog();
    expect(within(dialog).getByLabelText('比例')).toHaveValue('12');
    fireEvent.change(within(dialog).getByLabelText('比例'), { target: { value: '24' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /unit/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /unit/update')[0]?.body).toMatchObject({
      id: 5,
      basicUnit: '瓶',
      otherUnit: '箱',
      ratio: '24',
      ratioTwo: null,
    });
  });
});
