// A table row's link (查看, 编辑, 复制, 删除…): a plain button drawn as antd's small link button, from antd's own
// theme variables (the table around it carries them). antd's Button was about a millisecond per instance in a
// list's render (merged semantic classes, wave effect, compact-group context, token reads), four of them per row.
import type { ButtonHTMLAttributes, Ref } from 'react';
import './row-link.css';

export interface RowLinkProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Drawn in the error colour (删除). */
  danger?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function RowLink({ danger = false, className, ...rest }: RowLinkProps) {
  const classes = ['row-link', danger ? 'row-link--danger' : '', className ?? ''].filter(Boolean).join(' ');
  return <button type="button" className={classes} {...rest} />;
}
