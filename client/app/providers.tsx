// App-wide providers: settings and the session. antd's providers are not here: they load with the pages built on
// antd (components/themed-antd.tsx, AntdScope in the router), so the login route's first script carries no antd;
// the feedback host joins at the root as soon as something asks for it (lib/feedback.ts).
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { loadedLazy } from '../lib/loaded-lazy';
import { SessionProvider } from '../lib/session-provider';
import { isFeedbackWanted, subscribeFeedbackWanted } from '../lib/feedback';
import { SettingsProvider } from '../lib/settings-provider';
import { OfflineBanner } from '../components/offline-banner';

const FeedbackHost = loadedLazy(() => import('../components/themed-antd').then((m) => m.FeedbackHost)).Component;

function DeferredFeedbackHost() {
  const wanted = useSyncExternalStore(subscribeFeedbackWanted, isFeedbackWanted, isFeedbackWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SettingsProvider>
      <SessionProvider>{children}</SessionProvider>
      <OfflineBanner />
      <DeferredFeedbackHost />
    </SettingsProvider>
  );
}
