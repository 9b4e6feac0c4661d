// A holder for antd's context-aware feedback APIs (App.useApp()), so code outside React (lib/http)
// can show notifications and dialogs that follow the theme and locale. The providers fill it at mount.
import type { App } from 'antd';

export type FeedbackApi = Pick<ReturnType<typeof App.useApp>, 'message' | 'notification' | 'modal'>;

let api: FeedbackApi | null = null;

export function setFeedback(value: FeedbackApi | null): void {
  api = value;
}

export function feedback(): FeedbackApi | null {
  return api;
}
