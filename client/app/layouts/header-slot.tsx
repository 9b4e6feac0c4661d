// The header's right-hand area. The next engineer fills it: menu search, notification bell, user dropdown
// (settings drawer, password modal, department switch), website link. Keep each widget its own component in
// its feature and compose it here; the logout control stays last.
import { LogoutOutlined } from '@ant-design/icons';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/use-t';
import type { Device } from '../../lib/use-device';

export interface HeaderSlotProps {
  device: Device;
  onLogout: () => Promise<void>;
}

export function HeaderSlot({ device, onLogout }: HeaderSlotProps) {
  const t = useT();
  const { modal } = App.useApp();
  const widgets: ReactNode[] = [
    // Add header widgets here, e.g. <MenuSearch key="search" />, <HeaderNotice key="notice" />, <UserDropdown key="user" />.
  ];
  const confirmLogout = () =>
    modal.confirm({
      title: t('layout.logoutConfirmTitle'),
      content: t('layout.logoutConfirm'),
      onOk: async () => {
        await onLogout();
        window.location.href = '/';
      },
    });
  return (
    <div className="main-header__actions">
      {widgets}
      <button type="button" className="main-header__action" onClick={confirmLogout}>
        <LogoutOutlined />
        {device === 'desktop' ? <span>&nbsp;{t('layout.logout')}</span> : null}
      </button>
    </div>
  );
}
