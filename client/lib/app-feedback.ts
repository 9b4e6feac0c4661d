// antd's feedback APIs (App.useApp(): message, notification, modal) as the shell gives them: inside the shell's
// FeedbackApp (components/themed-antd.tsx), messages and notifications on timers of their own (lib/notice-timers);
// elsewhere (a piece rendered under a plain antd App) antd's own.
import { App } from 'antd';
import { createContext, useContext } from 'react';

export type AppFeedback = ReturnType<typeof App.useApp>;

export const AppFeedbackContext = createContext<AppFeedback | null>(null);

export function useAppFeedback(): AppFeedback {
  const antd = App.useApp();
  return useContext(AppFeedbackContext) ?? antd;
}
