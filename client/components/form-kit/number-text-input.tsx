// A number field that keeps what is typed. antd's InputNumber silently drops text that is no number ("abc12") and
// clamps one below its least ("-5" → 0) on blur; here the value is the number while the text is one, and the text
// itself otherwise, so the form's rule names the problem and nothing typed vanishes.
import { useState } from 'react';
import { Input } from 'antd';

export interface NumberTextInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  suffix?: string;
}

/** A number as typed: digits with an optional sign and decimal point, no exponent, no grouping. */
export const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const shown = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function NumberTextInput({ value, onChange, id, placeholder, disabled, suffix }: NumberTextInputProps) {
  const [text, setText] = useState(() => shown(value));
  const [seen, setSeen] = useState<unknown>(value);
  // A value set from outside (a loaded record, a reset) replaces the text; our own number for the text does not.
  if (value !== seen) {
    setSeen(value);
    const ours = (typeof value === 'number' && text.trim() !== '' && Number(text) === value) || value === text;
    if (!ours) setText(shown(value));
  }
  return (
    <Input
      id={id}
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      suffix={suffix}
      inputMode="decimal"
      onChange={(e) => {
        const typed = e.target.value;
        const trimmed = typed.trim();
        setText(typed);
        onChange?.(trimmed === '' ? null : NUMBER_TEXT.test(trimmed) ? Number(trimmed) : typed);
      }}
    />
  );
}
