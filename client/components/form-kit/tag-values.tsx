// A list of values held as one text joined by a separator (多属性's 红色|橙色|黄色), edited as the original's two tabs:
// 标签模式 — each value a closable tag and "+ 请输入属性值" opening an input that adds one (Enter or leaving it; blanks
// and repeats are not added) — and 文字模式, the joined text itself.
import { useEffect, useRef, useState } from 'react';
import { Input, Tabs, Tag, type InputRef } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useT } from '../../lib/i18n/use-t';
import type { MessageKey } from '../../lib/i18n/i18n';

export function splitValues(text: string, separator: string): string[] {
  return text === '' ? [] : text.split(separator);
}

export function TagValues({
  value,
  onChange,
  id,
  separator,
  addLabel,
  placeholder,
  rows,
  readOnly,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  separator: string;
  addLabel: MessageKey;
  placeholder?: string;
  rows?: number;
  readOnly?: boolean;
}) {
  const t = useT();
  const text = typeof value === 'string' ? value : '';
  const tags = splitValues(text, separator);
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const input = useRef<InputRef>(null);
  // The input opened by "+": the cursor goes into it (one click or key, then type).
  useEffect(() => {
    if (adding) input.current?.focus();
  }, [adding]);
  const commit = () => {
    const added = typed.trim();
    if (added !== '' && !tags.includes(added)) onChange?.([...tags, added].join(separator));
    setTyped('');
    setAdding(false);
  };
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'tags',
          label: t('form.tagMode'),
          forceRender: true,
          children: (
            <div className="tag-values" data-testid="tag-values">
              {tags.map((tag, i) => (
                <Tag
                  key={`${i}:${tag}`}
                  color="blue"
                  closable={!readOnly}
                  style={{ marginBottom: 8 }}
                  closeIcon={readOnly ? undefined : <span aria-label={t('form.tagRemove', { value: tag })}>×</span>}
                  onClose={(e) => {
                    e.preventDefault();
                    onChange?.(tags.filter((_, j) => j !== i).join(separator));
                  }}
                >
                  {tag}
                </Tag>
              ))}
              {readOnly ? null : adding ? (
                <Input
                  ref={input}
                  size="small"
                  style={{ width: 150 }}
                  value={typed}
                  aria-label={t(addLabel)}
                  onChange={(e) => setTyped(e.target.value)}
                  onBlur={commit}
                  onPressEnter={(e) => {
                    e.preventDefault();
                    commit();
                  }}
                />
              ) : (
                <Tag
                  style={{ borderStyle: 'dashed', cursor: 'pointer', background: 'transparent' }}
                  icon={<PlusOutlined />}
                  role="button"
                  tabIndex={0}
                  onClick={() => setAdding(true)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setAdding(true);
                    }
                  }}
                >
                  {t(addLabel)}
                </Tag>
              )}
            </div>
          ),
        },
        {
          key: 'text',
          label: t('form.textMode'),
          forceRender: true,
          children: (
            <Input.TextArea
              id={id}
              value={text}
              rows={rows ?? 4}
              readOnly={readOnly}
              placeholder={placeholder}
              onChange={(e) => onChange?.(e.target.value)}
            />
          ),
        },
      ]}
    />
  );
}
