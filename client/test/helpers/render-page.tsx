// Renders a piece of the shell the way the main layout does: settings, antd's themed providers and App.
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { ThemedConfig } from '../../components/themed-antd';
import { SettingsProvider } from '../../lib/settings-provider';

export function renderInShell(ui: ReactNode) {
  return render(
    <SettingsProvider>
      <ThemedConfig>
        <AntApp>{ui}</AntApp>
      </ThemedConfig>
    </SettingsProvider>,
  );
}
