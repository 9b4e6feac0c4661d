// React binding of the i18n module: components call `const t = useT()` and re-render when the language changes.
import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribeLanguage, t } from './i18n.js';

export function useT(): typeof t {
  // Reading the language makes the component re-render on change; t itself always reads the current dictionary.
  useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  return t;
}
