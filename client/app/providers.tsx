// App-wide providers: settings, antd (locale of the chosen language, primary colour from settings), the feedback
// holder for lib/http, and the session.
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { SessionProvider } from '../features/auth/session';
import { setFeedback } from '../lib/feedback';
import { useAntdLocale } from '../lib/i18n/language-switch';
import { SettingsProvider, useSettings } from '../lib/settings-provider';

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
  const locale = useAntdLocale();
  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.weak);
  }, [settings.weak]);
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: settings.color, borderRadius: 4 } }}>
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
