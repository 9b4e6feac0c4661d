// A user whose system asks for reduced motion gets antd without its animations (dialogs, popups and drawers appear
// in place); everyone else keeps them.
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../helpers/media-query';
import { renderInShell } from '../helpers/render-page';

function MotionProbe() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'animated' : 'still'}</p>;
}

function systemAsks(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, reduce && query === '(prefers-reduced-motion: reduce)'),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('reduced motion', () => {
  it('turns antd animations off when the system asks for it', () => {
    systemAsks(true);
    const { getByText } = renderInShell(<MotionProbe />);
    expect(getByText('still')).toBeTruthy();
  });

  it('keeps them otherwise', () => {
    systemAsks(false);
    const { getByText } = renderInShell(<MotionProbe />);
    expect(getByText('animated')).toBeTruthy();
  });
});
