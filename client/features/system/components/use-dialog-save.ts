// The save of a system dialog (grants, password reset): one at a time, and on the backend's yes the dialog closes and
// the list reloads; on its no (or an HTTP failure, reported by the HTTP client) the dialog stays with everything in it
// and says why. `mounted` tells a dialog's own loads whether it is still open.
import { useEffect, useRef, useState } from 'react';

import type { SaveOutcome } from '../../../lib/backend/envelope';
import { useT } from '../../../lib/i18n/use-t';
import { useAppFeedback } from '../../../lib/app-feedback';

export function useDialogSave(onDone: () => void, onClose: () => void) {
  const t = useT();
  const { message } = useAppFeedback();
  const [saving, setSaving] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Runs `send`; `onSaved` speaks for a success before the dialog closes (重置密码成功！). */
  const save = async (send: () => Promise<SaveOutcome>, onSaved?: () => void) => {
    if (saving) return;
    setSaving(true);
    try {
      const outcome = await send();
      if (!mounted.current) return;
      if (outcome.ok) {
        onSaved?.();
        onDone();
        onClose();
      } else {
        message.warning(outcome.message || t('form.saveFailed'));
      }
    } catch {
      // Reported by the HTTP client; the dialog keeps what it shows.
    } finally {
      if (mounted.current) setSaving(false);
    }
  };
  return { saving, save, mounted };
}
