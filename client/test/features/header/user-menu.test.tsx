// The user menu opens on hover and on click; a click on a menu the pointer has just opened by hovering keeps it open
// (it used to close it again: the click a user makes to open the menu was lost).
import { App as AntApp } from 'antd';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../../../features/header/components/user-menu';
import { render } from '../../helpers/render';

// antd in jsdom is slow on a busy machine: room for the popup's open and close to land.
vi.setConfig({ testTimeout: 60_000 });

function renderMenu(device: 'desktop' | 'mobile' = 'desktop') {
  const onSettings = vi.fn();
  render(
    <AntApp>
      <UserMenu device={device} nickname="jsh" onSettings={onSettings} onPassword={() => {}} onDepart={() => {}} />
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

  it('is named by the greeting it shows on the desktop (WCAG 2.5.3), and 用户菜单 where it shows only an icon', () => {
    const { trigger } = renderMenu();
    expect(trigger).toHaveAccessibleName(trigger.textContent!.trim());
    expect(trigger.textContent).toMatch(/欢迎您，jsh/);
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('shows only an icon on a phone, named 用户菜单', () => {
    const { trigger } = renderMenu('mobile');
    expect(trigger).toHaveAccessibleName('用户菜单');
  });
});
