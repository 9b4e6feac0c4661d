// Testing Library's render with antd's CSS-in-JS kept out of the document. jsdom's getComputedStyle walks every
// stylesheet in the page, once per element a role query inspects: with antd's injected styles present a table
// page's test took a hundred seconds, without them a few. The rules under test never depend on antd's CSS.
import { StyleProvider } from '@ant-design/cssinjs';
import { render as renderInDocument, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

function WithoutInjectedStyles({ children }: { children: ReactNode }) {
  return <StyleProvider mock="server">{children}</StyleProvider>;
}

export function render(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return renderInDocument(ui, { ...options, wrapper: WithoutInjectedStyles });
}
