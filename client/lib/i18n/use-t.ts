// React binding of the i18n module: components call `const t = useT()` and re-render when the language changes.
import { useMemo, useSyncExternalStore } from 'react';
import { currentLanguage, subscribeLanguage, t } from './i18n.js';

/** The translator of the current language: a new function per language, so memos that list `t` follow a switch. */
export function useT(): typeof t {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  return useMemo(() => {
    void language;
    return (key, params) => t(key, params);
  }, [language]);
}
