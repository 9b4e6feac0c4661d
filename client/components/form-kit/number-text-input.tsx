// A number field that keeps what is typed. antd's InputNumber silently drops text that is no number ("abc12") and
// clamps one below its least ("-5" → 0) on blur; here the value is the number while the text plainly is one, and the
// text itself otherwise (letters, a barcode-looking run of digits), so the field's rule (lib/number-rule.ts) names
// the problem and nothing typed vanishes.
import { useState, type CSSProperties, type FocusEventHandler, type KeyboardEventHandler } from 'react';
import { Input } from 'antd';
import { looksLikeBarcode, NUMBER_TEXT } from '../../lib/number-rule';

export interface NumberTextInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  suffix?: string;
  size?: 'small' | 'middle' | 'large';
  status?: 'error';
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** Money shown with this many decimals (3660 as 3660.00) when it comes from outside and once the field is left. */
  displayDecimals?: number;
}

const shown = (value: unknown, decimals?: number): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'number' && decimals !== undefined
      ? value.toFixed(decimals)
      : String(value);

/** What the form holds for typed text: null when empty, the number when it plainly is one, else the text. */
export function typedValue(typed: string): unknown {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  return NUMBER_TEXT.test(trimmed) && !looksLikeBarcode(trimmed) ? Number(trimmed) : typed;
}

export function NumberTextInput({ value, onChange, displayDecimals, onBlur, ...props }: NumberTextInputProps) {
  const [text, setText] = useState(() => shown(value, displayDecimals));
  const [seen, setSeen] = useState<unknown>(value);
  // A value set from outside (a loaded record, a reset) replaces the text; our own number for the text does not.
  if (value !== seen) {
    setSeen(value);
    const ours = (typeof value === 'number' && text.trim() !== '' && Number(text) === value) || value === text;
    if (!ours) setText(shown(value, displayDecimals));
  }
  return (
    <Input
      {...props}
      value={text}
      inputMode="decimal"
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(typedValue(e.target.value));
      }}
      onBlur={(e) => {
        // A number that needs no more decimals than shown is written out with them; other text stays as typed.
        if (
          typeof value === 'number' &&
          displayDecimals !== undefined &&
          Number(value.toFixed(displayDecimals)) === value
        )
          setText(shown(value, displayDecimals));
        onBlur?.(e);
      }}
    />
  );
}
