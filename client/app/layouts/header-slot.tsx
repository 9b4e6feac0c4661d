// The header's right-hand area, composed from the features: fee ad, menu search, website link, notification
// bell, user dropdown (settings drawer, password modal, department switch), and logout last.
import { LogoutOutlined } from '@ant-design/icons';

import { UNSAFE_NavigationContext, type Navigator } from 'react-router';
import { useContext, useState } from 'react';
import { usePasswordModal } from '../../features/account/components/password-modal';
import { useDepartModal } from '../../features/account/components/depart-modal';
import { FeeAd } from '../../features/header/components/fee-ad';
import { UserMenu } from '../../features/header/components/user-menu';
import { WebsiteLink } from '../../features/header/components/website-link';
import { MenuSearch } from '../../features/menu-search/components/menu-search';
import { HeaderNotice } from '../../features/notices/components/header-notice';
import { SettingsDrawer } from '../../features/settings/components/settings-drawer';
import { useT } from '../../lib/i18n/use-t';
import { isExternalUrl } from '../../lib/menu';
import { useSession } from '../../lib/session-provider';
import { useSettings } from '../../lib/settings-provider';
import type { Device } from '../../lib/use-device';
import { useAppFeedback } from '../../lib/app-feedback';

export interface HeaderSlotProps {
  device: Device;
  onLogout: () => Promise<void>;
}

export function HeaderSlot({ device, onLogout }: HeaderSlotProps) {
  const t = useT();
  const { modal } = useAppFeedback();
  // The navigator's context keeps one value (useNavigate would render the header at every navigation).
  const { navigator } = useContext(UNSAFE_NavigationContext) as { navigator: Navigator };
  const { menu, user } = useSession();
  const { settings } = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const password = usePasswordModal();
  const depart = useDepartModal();

  const openPage = (path: string) => {
    if (isExternalUrl(path)) window.open(path, '_blank', 'noopener,noreferrer');
    else navigator.push(path);
  };

  const confirmLogout = () =>
    modal.confirm({
      title: t('header.logoutTitle'),
      content: t('header.logoutConfirm'),
      onOk: async () => {
        await onLogout();
        window.location.href = '/';
      },
    });

  return (
    <div className="main-header__actions">
      <FeeAd device={device} theme={settings.theme} />
      <MenuSearch menu={menu} device={device} onOpen={(_item, path) => openPage(path)} />
      <WebsiteLink />
      <HeaderNotice userId={user?.id} />
      <UserMenu
        device={device}
        nickname={String(user?.username || user?.loginName || '')}
        onSettings={() => setSettingsOpen(true)}
        onPassword={password.open}
        onDepart={() => void depart.open()}
      />
      <button
        type="button"
        className="main-header__action"
        onClick={confirmLogout}
        data-testid="logout"
        aria-label={t('header.logout')}
      >
        <LogoutOutlined />
        {device === 'desktop' ? <span>&nbsp;{t('header.logout')}</span> : null}
      </button>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {password.modal}
      {depart.modal}
    </div>
  );
}
