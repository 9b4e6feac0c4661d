// Drafts: an open form's content kept in localStorage per tenant, user and page (`pro__DRAFT:<tenantId>:<userId>:<page>`)
// as it is typed, so a session that ends under it (an expired login and 重新登录, a reload, a closed browser) loses
// nothing; the page offers it back when it shows again (恢复 / 丢弃). A save or an explicit discard clears it, a logout
// clears all of the user's, and each lasts a day. Secrets never go in: the form leaves out its password fields (and
// any field its spec marks `secret`) before keeping. One draft per page: a page shows one form at a time.
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';

import dayjs from 'dayjs';
import { DRAFT_TTL_MS, draftKey, draftOwner } from '../../lib/draft-keys';
import { storage, type AppStorage } from '../../lib/storage';
import { useT } from '../../lib/i18n/use-t';
import { useAppFeedback } from '../../lib/app-feedback';
import { useCloseGuard } from './use-close-guard';

export interface FormDraft<T> {
  /** When it was last written (epoch ms): the offer says it. */
  savedAt: number;
  /** The form's title as it was shown, so the offer can name it. */
  title: string;
  data: T;
}

/** Dates (dayjs) survive JSON as `{"$date": "<ISO>"}`; everything else as JSON does. */
export function encodeDraft(value: unknown): unknown {
  if (dayjs.isDayjs(value)) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encodeDraft);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeDraft(v)]));
  return value;
}

export function decodeDraft(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeDraft);
  if (value && typeof value === 'object') {
    const date = (value as { $date?: unknown }).$date;
    if (typeof date === 'string' && Object.keys(value).length === 1) return dayjs(date);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeDraft(v)]));
  }
  return value;
}

export function writeDraft(store: AppStorage, page: string, title: string, data: unknown, now = Date.now()): void {
  const owner = draftOwner(store);
  if (!owner) return; // no session: nobody to keep it for
  try {
    store.set(
      draftKey(owner.tenantId, owner.userId, page),
      { savedAt: now, title, data: encodeDraft(data) },
      DRAFT_TTL_MS,
    );
  } catch {
    // A full storage keeps the previous draft; typing goes on.
  }
}

export function readDraft<T>(store: AppStorage, page: string): FormDraft<T> | undefined {
  const owner = draftOwner(store);
  if (!owner) return undefined;
  const stored = store.get<FormDraft<unknown>>(draftKey(owner.tenantId, owner.userId, page));
  if (
    !stored ||
    typeof stored !== 'object' ||
    typeof stored.savedAt !== 'number' ||
    typeof stored.title !== 'string' ||
    stored.data === undefined
  )
    return undefined;
  return { ...stored, data: decodeDraft(stored.data) as T };
}

export function clearDraft(store: AppStorage, page: string): void {
  const owner = draftOwner(store);
  if (owner) store.remove(draftKey(owner.tenantId, owner.userId, page));
}

/**
 * Keeps an open form's content as its draft: `keep(data)` after each change while the form differs from what it
 * opened with, `clear()` when it is saved or discarded (or back to unchanged). Without a page nothing is kept.
 */
function useDraftKeeper(page: string | undefined, title: string) {
  const keep = useCallback(
    (data: unknown) => {
      if (page) writeDraft(storage, page, title, data);
    },
    [page, title],
  );
  const clear = useCallback(() => {
    if (page) clearDraft(storage, page);
  }, [page]);
  return { keep, clear };
}

export interface FormDraftOptions<T> {
  /** The page (its pageKey) the draft is kept under; without it no draft is kept. */
  page: string | undefined;
  /** The form's title as shown. */
  title: string;
  /** A form is open and loaded: only then is there anything to keep. */
  isOpen: () => boolean;
  isDirty: () => boolean;
  /** What the draft holds: how the form was opened and what was typed (no secret). */
  content: () => T;
  onClose: () => void;
  /** Values outside the form's store (a grid's lines): each change of them is kept at once as well. */
  watched?: unknown;
}

/**
 * An open form's draft and close: `keepDraft()` after each change keeps the content while the form is changed and
 * clears the draft once it is back to unchanged; `close()` (saved, discarded, closed unchanged) leaves nothing to
 * offer back; `requestClose()` asks first when the form is changed (use-close-guard.ts).
 */
export function useFormDraft<T>({ page, title, isOpen, isDirty, content, onClose, watched }: FormDraftOptions<T>) {
  const drafts = useDraftKeeper(page, title);
  const close = () => {
    drafts.clear();
    onClose();
  };
  const keepDraft = () => {
    if (!isOpen()) return;
    if (!isDirty()) {
      drafts.clear();
      return;
    }
    drafts.keep(content());
  };
  const keepWatched = useEffectEvent(keepDraft);
  useEffect(() => {
    if (watched !== undefined) keepWatched();
  }, [watched]);
  const requestClose = useCloseGuard(isDirty, close);
  return { close, keepDraft, requestClose };
}

/**
 * Offers a page's draft back when the page shows (after a reload or a re-login): 恢复 opens the form with it,
 * 丢弃 clears it. Not while `busy` (a form of the page is open: the draft is that form's own). A tab restored after a
 * reload mounts its page when the user first comes to it, so each tab asks then. The dialog closes only by its
 * buttons: Esc or a click beside it must not throw work away.
 */
export function useDraftOffer<T>(
  page: string | undefined,
  busy: boolean,
  restore: (draft: FormDraft<T>) => void,
): void {
  const t = useT();
  const { modal } = useAppFeedback();
  const asking = useRef(false);
  const onRestore = useEffectEvent(restore);
  useEffect(() => {
    if (!page || busy || asking.current) return;
    const draft = readDraft<T>(storage, page);
    if (!draft) return;
    asking.current = true;
    const dialog = modal.confirm({
      title: t('draft.title'),
      content: t('draft.content', { form: draft.title, time: dayjs(draft.savedAt).format('YYYY-MM-DD HH:mm') }),
      okText: t('draft.restore'),
      cancelText: t('draft.discard'),
      keyboard: false,
      mask: { closable: false },
      closable: false,
      onOk: () => {
        asking.current = false;
        onRestore(draft);
      },
      onCancel: () => {
        asking.current = false;
        clearDraft(storage, page);
      },
    });
    return () => {
      // The page gone (its tab closed, a logout): the question goes with it.
      asking.current = false;
      dialog.destroy();
    };
  }, [page, busy, modal, t]);
}
