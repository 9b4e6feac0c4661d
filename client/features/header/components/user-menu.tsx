// The user dropdown: on desktop `<greeting>，欢迎您，<nickname>`; on mobile a user icon, so
// 界面设置 / 密码修改 / 部门切换 stay reachable there too (the original had no mobile trigger).
import { ApartmentOutlined, DownCircleOutlined, SettingOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useRef, useState } from 'react';
import { greetingKey } from '../../../lib/greeting';
import { useT } from '../../../lib/i18n/use-t';
import type { Device } from '../../../lib/use-device';

export interface UserMenuProps {
  device: Device;
  nickname: string;
  onSettings: () => void;
  onPassword: () => void;
  onDepart: () => void;
}

export function UserMenu({ device, nickname, onSettings, onPassword, onDepart }: UserMenuProps) {
  const t = useT();
  // It opens on hover and on click. A click on the trigger of a menu the pointer has just opened by hovering must
  // not close it again (the user clicked to open it): while the pointer is over the trigger, only opening counts.
  const [open, setOpen] = useState(false);
  const pointerOver = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const items: MenuProps['items'] = [
    { key: 'settings', icon: <ToolOutlined />, label: t('header.settings') },
    { key: 'password', icon: <SettingOutlined />, label: t('header.password') },
    { key: 'depart', icon: <ApartmentOutlined />, label: t('header.depart') },
  ];
  const entries: Record<string, () => void> = { settings: onSettings, password: onPassword, depart: onDepart };
  // The menu closes as the entry's drawer or dialog opens: the focus moves to the menu's trigger first, so that
  // drawer or dialog gives it back there when it closes (to the menu's entry, gone by then, it fell on <body>).
  const choose: MenuProps['onClick'] = ({ key }) => {
    trigger.current?.focus({ preventScroll: true });
    entries[key]?.();
  };
  return (
    <Dropdown
      menu={{ items, onClick: choose, style: { width: 160 } }}
      trigger={['click', 'hover']}
      placement="bottomRight"
      open={open}
      onOpenChange={(next, info) => {
        if (next || info.source === 'menu' || !pointerOver.current) setOpen(next);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="main-header__action"
        // On the desktop the greeting it shows is its name (WCAG 2.5.3); the icon alone needs one.
        aria-label={device === 'desktop' ? undefined : t('header.userMenu')}
        aria-haspopup="menu"
        data-testid="user-menu"
        onPointerEnter={(event) => {
          pointerOver.current = event.pointerType === 'mouse';
        }}
        onPointerLeave={() => {
          pointerOver.current = false;
        }}
      >
        {device === 'desktop' ? (
          <>
            <DownCircleOutlined style={{ marginRight: 6 }} aria-hidden="true" />
            <span>{t('header.welcome', { greeting: t(greetingKey(new Date().getHours())), name: nickname })}</span>
          </>
        ) : (
          <UserOutlined style={{ fontSize: 16 }} />
        )}
      </button>
    </Dropdown>
  );
}
