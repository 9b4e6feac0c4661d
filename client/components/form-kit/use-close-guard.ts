// Closing a form with unsaved changes asks first (丢弃 / 继续编辑); an unchanged form just closes. One question at a
// time: Esc pressed again while it is open asks nothing more. 继续编辑 has the cursor, so Esc then Enter keeps the
// work: throwing it away takes a deliberate choice.
import { useRef } from 'react';

import { useT } from '../../lib/i18n/use-t';
import { useAppFeedback } from '../../lib/app-feedback';

export function useCloseGuard(isDirty: () => boolean, onClose: () => void): () => void {
  const t = useT();
  const { modal } = useAppFeedback();
  const asking = useRef(false);
  return () => {
    if (!isDirty()) {
      onClose();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardContent'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      autoFocusButton: 'cancel',
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  };
}
