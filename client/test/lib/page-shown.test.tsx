// A value for the page in front: taken at once while the page is shown, kept (the latest) while it is hidden and
// taken once it is back in front.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { createPageShown, PageShownContext, useWhenShown } from '../../lib/page-shown';

it('a shown page takes the value at once; a hidden one keeps the latest and takes it when shown again', async () => {
  const page = createPageShown(true);
  const take = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PageShownContext.Provider value={page}>{children}</PageShownContext.Provider>
  );
  const { result } = renderHook(() => useWhenShown<string>(take), { wrapper });
  result.current('CGDD1');
  expect(take).toHaveBeenCalledWith('CGDD1');
  act(() => page.set(false));
  result.current('CGDD2');
  result.current('CGDD3');
  expect(take).toHaveBeenCalledTimes(1);
  act(() => page.set(true));
  await waitFor(() => expect(take).toHaveBeenCalledTimes(2));
  expect(take).toHaveBeenLastCalledWith('CGDD3');
  // Taken once: shown again later, nothing is left to take.
  act(() => page.set(false));
  act(() => page.set(true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(take).toHaveBeenCalledTimes(2);
});
