// A shell piece whose code is loaded renders in the same commit (no fallback, nothing left to a later retry); one
// whose code is not here yet suspends like React.lazy and shows once loaded.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { loadedLazy } from '../../lib/loaded-lazy';

function Greeting({ name }: { name: string }) {
  return <p>你好 {name}</p>;
}

describe('loadedLazy', () => {
  it('renders at once when the code has loaded, without showing the fallback', async () => {
    const piece = loadedLazy(() => Promise.resolve(Greeting));
    await piece.load();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <piece.Component name="admin" />
      </Suspense>,
    );
    expect(screen.getByText('你好 admin')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('suspends while the code loads, then shows it; the code is fetched once', async () => {
    let imports = 0;
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const piece = loadedLazy(() => {
      imports++;
      return new Promise<typeof Greeting>((resolve) => (arrive = resolve));
    });
    render(
      <Suspense fallback={<p>加载中</p>}>
        <piece.Component name="jsh" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    void piece.load();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText('你好 jsh')).toBeTruthy();
    expect(imports).toBe(1);
  });
});
