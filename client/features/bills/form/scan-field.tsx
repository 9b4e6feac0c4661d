// The bill form's scan field. Its text is its own: a scanner types a code a key at a time and the field clears at
// each Enter, and held by the form each of those keys rendered the whole bill form (~30 ms a key on the bench
// machine), the Enter's render ahead of the barcode call.
import { Input } from 'antd';
import { useState } from 'react';

interface ScanFieldProps {
  id: string;
  placeholder: string;
  /** Enter: the text as typed (may be empty: the cursor leaves the grid). */
  onScan: (typed: string) => void;
  onFocus: () => void;
}

export function ScanField({ id, placeholder, onScan, onFocus }: ScanFieldProps) {
  const [text, setText] = useState('');
  return (
    <Input
      id={id}
      data-enter="own"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      onFocus={onFocus}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
        e.preventDefault();
        // The scan is queued (its call sent) before the field's own render clears it.
        onScan(e.currentTarget.value);
        setText('');
      }}
    />
  );
}
