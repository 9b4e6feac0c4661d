// Renders a piece of the shell the way the main layout does, for a logged-in user (helpers/session): settings,
// antd's themed providers and App (with the shell's notice timers).
import type { ReactNode } from 'react';
import { FeedbackApp, ThemedConfig } from '../../components/themed-antd';
import { SettingsProvider } from '../../lib/settings-provider';
import { signIn } from './session';
import { render } from './render';

export function renderInShell(ui: ReactNode) {
  signIn();
  return render(
    <SettingsProvider>
      <ThemedConfig>
        <FeedbackApp>{ui}</FeedbackApp>
      </ThemedConfig>
    </SettingsProvider>,
  );
}
