// 多属性 as the original's MaterialAttributeList / Modal: the list shows each value as a tag; the form edits the
// values as tags (标签模式: × removes one, "+ 请输入属性值" adds one on Enter, no blank or repeat) or as the
// "|"-joined text (文字模式), both the same value; the save sends them joined.
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MATERIAL_FORMS } from '../../../features/materials/material-forms';
import { MATERIAL_VIEWS } from '../../../features/materials/material-specs';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  nameCheck,
  ok,
  renderListPage,
  rowWith,
  scriptBackend,
  type Backend,
} from '../../helpers/form-page';

const view = MATERIAL_VIEWS.attribute;
let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /materialAttribute/list': () => ({
      code: 200,
      data: { rows: [{ id: 5, attributeName: '颜色', attributeValue: '红色|橙色|黄色' }], total: 1 },
    }),
    'GET /materialAttribute/checkIsNameExist': nameCheck(),
    'PUT /materialAttribute/update': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

const tagsIn = (box: HTMLElement) =>
  Array.from(box.querySelectorAll('.ant-tag-blue')).map((tag) => tag.textContent?.replace('×', ''));

describe('多属性 values', () => {
  it('the list shows tags; the form edits them as tags or as text, and saves them joined', async () => {
    await renderListPage(view, MATERIAL_FORMS.attribute);
    expect(tagsIn(rowWith('颜色'))).toEqual(['红色', '橙色', '黄色']);
    fireEvent.click(linkNamed('编辑', rowWith('颜色')));
    const dialog = await formDialog();
    const tags = within(dialog).getByTestId('tag-values');
    expect(tagsIn(tags)).toEqual(['红色', '橙色', '黄色']);

    fireEvent.click(within(tags).getByLabelText('删除橙色'));
    await waitFor(() => expect(tagsIn(tags)).toEqual(['红色', '黄色']));
    fireEvent.click(within(tags).getByText('请输入属性值'));
    const adding = await within(tags).findByRole('textbox', { name: '请输入属性值' });
    fireEvent.change(adding, { target: { value: ' 绿色 ' } });
    fireEvent.keyDown(adding, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(tagsIn(tags)).toEqual(['红色', '黄色', '绿色']));
    // A repeat is not added.
    fireEvent.click(within(tags).getByText('请输入属性值'));
    const again = await within(tags).findByRole('textbox', { name: '请输入属性值' });
    fireEvent.change(again, { target: { value: '红色' } });
    fireEvent.blur(again);
    await waitFor(() => expect(within(tags).queryByRole('textbox', { name: '请输入属性值' })).toBeNull());
    expect(tagsIn(tags)).toEqual(['红色', '黄色', '绿色']);

    const text = dialog.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(text.value).toBe('红色|黄色|绿色');
    fireEvent.change(text, { target: { value: '红色|黄色|绿色|蓝色' } });
    await waitFor(() => expect(tagsIn(tags)).toEqual(['红色', '黄色', '绿色', '蓝色']));

    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /materialAttribute/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /materialAttribute/update')[0]!.body).toEqual({
      id: 5,
      attributeName: '颜色',
      attributeValue: '红色|黄色|绿色|蓝色',
    });
  });
});
