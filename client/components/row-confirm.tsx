// A row link that asks before it acts (删除, 设为默认…): antd's Popconfirm, mounted only once the link is used.
// Each Popconfirm is a Trigger with its own hooks, alignment and portal; ten rows of them were a visible part of a
// list page's render, for a question asked of one row at a time.
import { Popconfirm } from 'antd';
import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

interface RowConfirmProps {
  title: ReactNode;
  onConfirm: () => void;
  /** The link (a Button); its own onClick is not used. */
  children: ReactElement<{ onClick?: (event: MouseEvent) => void; ref?: unknown }>;
}

export function RowConfirm({ title, onConfirm, children }: RowConfirmProps) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const link = useRef<HTMLElement>(null);
  // The link remounts inside the Popconfirm: a keyboard user keeps the cursor on it.
  useLayoutEffect(() => {
    if (armed && refocus) link.current?.focus();
  }, [armed, refocus]);
  if (!armed) {
    const arm = (event: MouseEvent) => {
      setRefocus(event.currentTarget === document.activeElement);
      setArmed(true);
      setOpen(true);
    };
    return cloneElement(children, { onClick: arm });
  }
  return (
    <Popconfirm
      title={title}
      open={open}
      onOpenChange={setOpen}
      onConfirm={() => {
        setOpen(false);
        onConfirm();
      }}
    >
      {cloneElement(children, { ref: link })}
    </Popconfirm>
  );
}
