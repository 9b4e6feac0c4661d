// Renders a piece of the shell the way the main layout does, for a logged-in user (helpers/session): settings,
// antd's themed providers and App.
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { ThemedConfig } from '../../components/themed-antd';
import { SettingsProvider } from '../../lib/settings-provider';
import { signIn } from './session';
import { render } from './render';

export function renderInShell(ui: ReactNode) {
  signIn();
  return render(
    <SettingsProvider>
      <ThemedConfig>
        <AntApp>{ui}</AntApp>
      </ThemedConfig>
    </SettingsProvider>,
  );
}
