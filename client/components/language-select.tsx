// The language choice (settings drawer and login page): every offered language by its own name; choosing one
// loads and applies it without a reload and persists it.
import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useState } from 'react';
import { useT } from '../lib/i18n/use-t';
import { applyLanguage, LANGUAGE_LIST, useLanguage } from '../lib/i18n/language-switch';

export interface LanguageSelectProps {
  className?: string;
  width?: number;
  /** Show a globe before the select (login page). */
  withIcon?: boolean;
}

export function LanguageSelect({ className, width = 150, withIcon = false }: LanguageSelectProps) {
  const t = useT();
  const language = useLanguage();
  const [loading, setLoading] = useState(false);
  const change = (code: string) => {
    setLoading(true);
    applyLanguage(code)
      .catch((error: unknown) => console.warn('[i18n] language not applied', error))
      .finally(() => setLoading(false));
  };
  return (
    <span className={className} data-testid="language-select">
      {withIcon ? <GlobalOutlined style={{ marginRight: 6 }} aria-hidden /> : null}
      <Select
        value={language}
        onChange={change}
        loading={loading}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('settings.languagePlaceholder')}
        aria-label={t('settings.chooseLanguage')}
        style={{ width }}
        options={LANGUAGE_LIST.map((item) => ({ value: item.code, label: item.label, lang: item.htmlLang }))}
        optionRender={(option) => <span lang={option.data.lang}>{option.data.label}</span>}
      />
    </span>
  );
}
