// The user menu opens on hover and on click; a click on a menu the pointer has just opened by hovering keeps it open
// (it used to close it again: the click a user makes to open the menu was lost).
import { App as AntApp } from 'antd';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../../../features/header/components/user-menu';
import { render } from '../../helpers/render';

// antd in jsdom is slow on a busy machine: room for the popup's open and close to land.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });

function renderMenu() {
  const onSettings = vi.fn();
  render(
    <AntApp>
      <UserMenu device="desktop" nickname="jsh" onSettings={onSettings} onPassword={() => {}} onDepart={() => {}} />
    </AntApp>,
  );
  return { onSettings, trigger: screen.getByTestId('user-menu') };
}

/** The menu's popup, once it is open and not leaving. */
const isOpen = () => {
  const popup = document.querySelector('.ant-dropdown');
  return popup !== null && !popup.classList.contains('ant-dropdown-hidden') && !/slide-up-leave/.test(popup.className);
};

describe('UserMenu', () => {
  it('a click on the menu hover has opened keeps it open, and its entries work', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSettings, trigger } = renderMenu();
    await user.hover(trigger);
    await waitFor(() => expect(isOpen(), 'opened by hovering').toBe(true));
    await user.click(trigger);
    expect(isOpen(), 'still open after the click').toBe(true);
    await user.click(screen.getByText('界面设置'));
    expect(onSettings).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(isOpen(), 'closed after choosing').toBe(false));
  });

  it('a click opens it without hovering first (keyboard, touch)', async () => {
    const user = userEvent.setup({ delay: null });
    const { trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(isOpen()).toBe(true));
  });
});
