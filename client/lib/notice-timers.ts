// antd's messages and notifications close by @rc-component/notification's timer, which runs a requestAnimationFrame
// loop for a notice's whole life and sets the notice's progress in its state at every frame, progress bar or not: a
// message rendered and committed 60 times a second for its 3 s (a notification for 4.5 s), inside every frame of what
// the user did meanwhile (a save's 保存成功 over the next 查看, the login's weak-password reminder over the first
// pages). Here a notice opens without antd's timer (duration 0) and a plain timeout ends it through antd's own close
// (the notice opened again with a life of 1 ms), so onClose and a message's promise still run. The pointer over a
// notice holds its timeout, as antd's timer did.
import type { MouseEvent } from 'react';
import type {
  ArgsProps as MessageArgs,
  JointContent,
  MessageInstance,
  MessageType,
  TypeOpen,
} from 'antd/es/message/interface';
import type { ArgsProps as NotificationArgs, NotificationInstance } from 'antd/es/notification/interface';

/** antd's own defaults (message/useMessage.js, notification/useNotification.js). */
export const MESSAGE_SECONDS = 3;
export const NOTIFICATION_SECONDS = 4.5;
/** A life short enough to end at the notice's next frame. */
const CLOSE_NOW_SECONDS = 0.001;

type NoticeKey = string | number;

interface TimedArgs {
  key?: NoticeKey | bigint;
  duration?: number | false | null;
  onClose?: () => void;
}

/** The pointer's events on the notice (antd passes unknown keys of a notice's config on to it). */
interface HoverArgs {
  onMouseEnter?: (event: MouseEvent<HTMLDivElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLDivElement>) => void;
}

interface Countdown {
  timer: ReturnType<typeof setTimeout> | undefined;
  endsAt: number;
  leftMs: number;
}

/** `open` with the timing taken over: an entry per shown notice, cleared when the notice closes by any way. */
function timedOpener<A extends TimedArgs, R>(open: (args: A) => R, defaultSeconds: number, prefix: string) {
  let made = 0;
  const running = new Map<NoticeKey, Countdown>();
  const stop = (key: NoticeKey) => {
    clearTimeout(running.get(key)?.timer);
    running.delete(key);
  };
  const timedOpen = (args: A): R => {
    const seconds = args.duration === undefined ? defaultSeconds : args.duration;
    const key: NoticeKey =
      typeof args.key === 'string' || typeof args.key === 'number' ? args.key : `${prefix}-${++made}`;
    stop(key);
    const onClose = () => {
      if (running.get(key) === countdown) stop(key);
      args.onClose?.();
    };
    if (typeof seconds !== 'number' || !(seconds > 0)) return open({ ...args, key, onClose });
    const countdown: Countdown = { timer: undefined, endsAt: 0, leftMs: seconds * 1000 };
    const start = () => {
      countdown.endsAt = Date.now() + countdown.leftMs;
      countdown.timer = setTimeout(() => {
        if (running.get(key) !== countdown) return;
        running.delete(key);
        open({ ...args, key, duration: CLOSE_NOW_SECONDS });
      }, countdown.leftMs);
    };
    running.set(key, countdown);
    start();
    const hover: HoverArgs = {
      onMouseEnter: (event) => {
        clearTimeout(countdown.timer);
        countdown.leftMs = Math.max(0, countdown.endsAt - Date.now());
        (args as HoverArgs).onMouseEnter?.(event);
      },
      onMouseLeave: (event) => {
        clearTimeout(countdown.timer);
        if (running.get(key) === countdown) start();
        (args as HoverArgs).onMouseLeave?.(event);
      },
    };
    return open({ ...args, ...hover, key, duration: 0, onClose });
  };
  const forget = (key?: NoticeKey | bigint) => {
    if (key === undefined) for (const known of [...running.keys()]) stop(known);
    else if (typeof key === 'string' || typeof key === 'number') stop(key);
  };
  return { timedOpen, forget };
}

const isMessageArgs = (content: JointContent): content is MessageArgs =>
  typeof content === 'object' && content !== null && !Array.isArray(content) && 'content' in content;

export function messagesWithOwnTimers(api: MessageInstance): MessageInstance {
  const { timedOpen, forget } = timedOpener((args: MessageArgs) => api.open(args), MESSAGE_SECONDS, 'message');
  let opened = 0;
  // The caller's promise settles when the notice closes, whichever of its opens closes it (antd's settles only
  // with the open that closed it, here the closing one).
  const open = (args: MessageArgs): MessageType => {
    const key = args.key ?? `message-${++opened}`;
    let settle = () => {};
    const closed = new Promise<boolean>((resolve) => {
      settle = () => resolve(true);
    });
    const close = timedOpen({
      ...args,
      key,
      onClose: () => {
        args.onClose?.();
        settle();
      },
    });
    const result = (() => {
      forget(key);
      close();
    }) as MessageType;
    result.then = (onClosed, onFailed) => closed.then(onClosed, onFailed);
    return result;
  };
  // antd's typed calls: content or a config, then a duration or the close callback, then the close callback.
  const typed =
    (type: NonNullable<MessageArgs['type']>): TypeOpen =>
    (content, duration, onClose) => {
      const config = isMessageArgs(content) ? content : { content };
      const [seconds, closed] = typeof duration === 'function' ? [undefined, duration] : [duration, onClose];
      return open({ onClose: closed, duration: seconds, ...config, type });
    };
  return {
    open,
    info: typed('info'),
    success: typed('success'),
    warning: typed('warning'),
    error: typed('error'),
    loading: typed('loading'),
    destroy: (key) => {
      forget(key);
      api.destroy(key);
    },
  };
}

export function notificationsWithOwnTimers(api: NotificationInstance): NotificationInstance {
  const { timedOpen, forget } = timedOpener(
    (args: NotificationArgs) => api.open(args),
    NOTIFICATION_SECONDS,
    'notification',
  );
  const typed = (type: NonNullable<NotificationArgs['type']>) => (args: NotificationArgs) =>
    timedOpen({ ...args, type });
  return {
    open: timedOpen,
    info: typed('info'),
    success: typed('success'),
    warning: typed('warning'),
    error: typed('error'),
    destroy: (key) => {
      forget(key);
      api.destroy(key);
    },
  };
}
