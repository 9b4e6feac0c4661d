// A dialog whose content is being read opens once the read has settled, or after a wait if it has not: content read
// in time opens in one paint, instead of a dialog on a spinner rendered, laid out and painted while the answers waited
// behind it (查看, 新增, 编辑, 复制 of a bill).

/**
 * Runs `open` once, when `read` has settled or after `waitMs`, whichever comes first; returns whether it has run.
 * Handlers the caller attaches to `read` after this call run before `open` when the read settles in time.
 */
export function openWhenSettled(read: Promise<unknown>, waitMs: number, open: () => void): () => boolean {
  let opened = false;
  const openOnce = () => {
    if (opened) return;
    opened = true;
    open();
  };
  const timer = setTimeout(openOnce, waitMs);
  read
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      clearTimeout(timer);
      openOnce();
    });
  return () => opened;
}
