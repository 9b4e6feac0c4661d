// A form's save button, spinning while its save runs. The saving flag is a value store (use-form-save.ts): a save
// starting and ending renders the buttons, not the whole form (a bill form with its grid took ~30 ms a render, and
// the click's render went ahead of the write).
import { Button, type ButtonProps } from 'antd';
import { useStoredValue, type ValueStore } from '../../lib/value-store';

export function SaveButton({
  saving,
  ...props
}: Omit<ButtonProps, 'loading'> & { saving: Pick<ValueStore<boolean>, 'get' | 'subscribe'> }) {
  const on = useStoredValue(saving);
  return <Button {...props} loading={on} />;
}
