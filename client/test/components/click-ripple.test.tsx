// antd's click ripple is off in the shell: it read the clicked button's computed style and rendered a root of its
// own inside the click's task, before the work the click asked for (新增, 保存, 查询).
import { ConfigProvider } from 'antd';
import { useContext } from 'react';
import { expect, it } from 'vitest';
import { renderInShell } from '../helpers/render-page';

function RippleProbe() {
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return <p>{wave?.disabled ? 'no ripple' : 'ripple'}</p>;
}

it('draws no ripple on a clicked button', () => {
  const { getByText } = renderInShell(<RippleProbe />);
  expect(getByText('no ripple')).toBeTruthy();
});
