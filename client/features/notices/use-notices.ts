// The unread notices of the logged-in user, kept current by the notices websocket (gateway) and, only while
// the socket is down, by polling every 6 s (lib/notice-transport). A `user` frame carries the unread count and
// ids, so the badge follows it without a request; the list is refetched when it is looked at. A `topic` frame (an
// operator broadcast) is handed to the caller to show, and reloads the list.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { HttpError, onSessionCallsClosed } from '../../lib/http';
import { injectedConfig } from '../../lib/injected-config';
import {
  NoticeTransport,
  noticeSocketUrl,
  type NoticeLoadResult,
  type NoticeTransportPhase,
} from '../../lib/notice-transport';
import { okArray } from '../../lib/backend/envelope';
import type { Notice } from '../../lib/backend/types';
import { fetchUnread } from './api';
import { newestNotices } from './notice-list';
import { announceBackendNews } from '../../lib/look-again';

export interface NoticesState {
  /** Unread total (the badge). */
  total: number;
  /** The newest unread ones (the popover, at most 5). */
  items: Notice[];
  loading: boolean;
  phase: NoticeTransportPhase;
  /** Refetch now (after viewing one, closing the list…). */
  reload: () => void;
  /** The popover opened: refetch if a frame said the list changed. */
  looked: () => void;
}

const browserClock = {
  setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
  setInterval: (fn: () => void, ms: number) => window.setInterval(fn, ms),
  clearInterval: (handle: unknown) => window.clearInterval(handle as number),
};

function isLoginGone(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || (error.status === 500 && error.body === 'loginOut'));
}

/** An operator broadcast (`cmd: topic`) for the user to read. */
export interface TopicNotice {
  title: string;
  content: string;
}

export function useNotices(userId: number | string | undefined, onTopic?: (topic: TopicNotice) => void): NoticesState {
  const [total, setTotal] = useState(0);
  const [items, setItems] = useState<Notice[]>([]);
  const [loading, setLoading] = useState(false);
  const [phase, setPhase] = useState<NoticeTransportPhase>('idle');
  const transportRef = useRef<NoticeTransport | null>(null);
  const staleRef = useRef(false);
  const shownIdsRef = useRef<number[]>([]);
  /** The unread ids of the socket's last frame (null before the first: the first frame is news of nothing). */
  const toldIdsRef = useRef<number[] | null>(null);
  // The socket's handler, set up once per user, calls the latest onTopic.
  const showTopic = useEffectEvent((topic: TopicNotice) => onTopic?.(topic));

  const load = useCallback(async (): Promise<NoticeLoadResult> => {
    setLoading(true);
    try {
      // Silent: a poll every 6 s must not stack notifications while the network is out.
      const unread = okArray(await fetchUnread(true));
      if (unread) {
        const newest = newestNotices(unread);
        shownIdsRef.current = newest.map((n) => n.id);
        staleRef.current = false;
        setItems(newest);
        setTotal(unread.length);
      }
      return 'ok';
    } catch (error) {
      if (isLoginGone(error)) {
        // Once, loudly: the same call through the error catalogue shows the login-expired dialog.
        await fetchUnread(false).catch(() => undefined);
        return 'expired';
      }
      return 'failed';
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (userId === undefined) return;
    const transport = new NoticeTransport({
      clock: browserClock,
      load,
      onPhase: setPhase,
      openSocket: (handlers) => {
        const socket = new WebSocket(noticeSocketUrl(location.protocol, location.host, injectedConfig.apiBase, userId));
        socket.onopen = () => handlers.onOpen();
        socket.onmessage = (event) => handlers.onMessage(typeof event.data === 'string' ? event.data : '');
        socket.onclose = (event) => handlers.onClose(event.code);
        return {
          send: (text) => socket.readyState === WebSocket.OPEN && socket.send(text),
          close: () => socket.close(),
        };
      },
      onNotice: (message) => {
        if (message.cmd === 'topic') {
          // Shown to the user, and the list reloads too (a broadcast may come with a new message).
          const title = typeof message.title === 'string' ? message.title : '';
          const content = typeof message.content === 'string' ? message.content : '';
          if (title || content) showTopic({ title, content });
          announceBackendNews();
          return true;
        }
        if (message.cmd !== 'user') return true;
        setTotal(message.unread);
        const top = [...message.ids].sort((a, b) => b - a).slice(0, 5);
        const shown = [...shownIdsRef.current].sort((a, b) => b - a);
        if (top.join(',') !== shown.join(',')) staleRef.current = true;
        // A message the socket had not told of yet: what the shown page lists may have changed with it.
        const told = new Set(toldIdsRef.current ?? message.ids);
        if (message.ids.some((id) => !told.has(id))) announceBackendNews();
        toldIdsRef.current = message.ids;
        return false;
      },
    });
    transportRef.current = transport;
    toldIdsRef.current = null;
    transport.start();
    // A logout stops the socket and the polling before its own call goes out.
    const unsubscribe = onSessionCallsClosed(() => transport.stop());
    return () => {
      unsubscribe();
      transport.stop();
      transportRef.current = null;
    };
  }, [userId, load]);

  const reload = useCallback(() => transportRef.current?.reload(), []);
  const looked = useCallback(() => {
    if (staleRef.current) transportRef.current?.reload();
  }, []);

  return { total, items, loading, phase, reload, looked };
}
