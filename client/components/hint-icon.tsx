// A help icon whose text shows on hover and on keyboard focus: the icon is in the tab order and named by its text,
// so a keyboard or screen-reader user reads what a mouse user reads.
import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { InfoCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';

export interface HintIconProps {
  text: string;
  /** `info` (ⓘ, what a figure counts) or `question` (?, how a field is used). */
  kind?: 'info' | 'question';
}

/** The trigger of every tooltip over something focusable: a keyboard user sees what a mouse user sees. */
export const HOVER_AND_FOCUS: ('hover' | 'focus')[] = ['hover', 'focus'];

export function HintIcon({ text, kind = 'question' }: HintIconProps): ReactNode {
  const Icon = kind === 'info' ? InfoCircleOutlined : QuestionCircleOutlined;
  return (
    <Tooltip title={text} trigger={HOVER_AND_FOCUS}>
      <Icon aria-label={text} tabIndex={0} className="hint-icon" />
    </Tooltip>
  );
}
