// A holder for antd's context-aware feedback APIs as the shell gives them (lib/app-feedback), so code outside React (lib/http) and the
// antd-free login page can show notifications and dialogs that follow the theme and locale.
// antd is not on the login route's first script: the feedback host (FeedbackHost in components/themed-antd.tsx)
// mounts once something asks for it — the login layout right after it paints, an antd page, or the first
// message — and what is shown before it is ready waits in a queue, so no message is lost.
import type { AppFeedback } from './app-feedback';

export type FeedbackApi = Pick<AppFeedback, 'message' | 'notification' | 'modal'>;

let api: FeedbackApi | null = null;
let wanted = false;
const waiting: ((api: FeedbackApi) => void)[] = [];
const listeners = new Set<() => void>();

export function setFeedback(value: FeedbackApi | null): void {
  api = value;
  if (!api) return;
  for (const show of waiting.splice(0)) show(api);
}

/** Shows something through antd's feedback APIs now, or as soon as the host is mounted. */
export function withFeedback(show: (api: FeedbackApi) => void): void {
  if (api) {
    show(api);
    return;
  }
  waiting.push(show);
  wantFeedback();
}

/** Asks for the feedback host to be mounted (loads antd's feedback chunk); idempotent. */
export function wantFeedback(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function isFeedbackWanted(): boolean {
  return wanted;
}

export function subscribeFeedbackWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
