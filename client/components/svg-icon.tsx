// An icon drawn from @ant-design/icons-svg's plain definitions, for screens kept free of antd (the login route):
// same glyphs as @ant-design/icons without its runtime (context, style injection).
import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import './svg-icon.css';

function draw(node: AbstractNode, key?: number): ReactNode {
  const attrs = node.tag === 'svg' ? { ...node.attrs, width: '1em', height: '1em', fill: 'currentColor' } : node.attrs;
  return createElement(
    node.tag,
    { ...attrs, key },
    node.children?.map((child, index) => draw(child, index)),
  );
}

export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span role="img" aria-hidden="true" className={className ? `svg-icon ${className}` : 'svg-icon'}>
      {draw(root)}
    </span>
  );
}
