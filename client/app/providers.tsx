// App-wide providers: settings, antd (zh_CN, primary colour from settings), the feedback holder for lib/http,
// and the session.
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { SessionProvider } from '../features/auth/session';
import { setFeedback } from '../lib/feedback';
import { SettingsProvider, useSettings } from '../lib/settings-provider';

dayjs.locale('zh-cn');

function FeedbackBridge() {
  const api = AntApp.useApp();
  useEffect(() => {
    setFeedback(api);
    return () => setFeedback(null);
  }, [api]);
  return null;
}

function ThemedAntd({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.weak);
  }, [settings.weak]);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: settings.color, borderRadius: 4 } }}>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SettingsProvider>
      <ThemedAntd>
        <SessionProvider>{children}</SessionProvider>
      </ThemedAntd>
    </SettingsProvider>
  );
}
