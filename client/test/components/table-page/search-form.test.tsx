import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from '../../../components/table-page/search-form';
import type { SearchField } from '../../../components/table-page/view-spec';
import { render } from '../../helpers/render';

const FIELDS: SearchField[] = [
  { kind: 'text', name: 'number', label: 'field.billNumber' },
  { kind: 'dateRange', label: 'field.billDate', begin: 'beginTime', end: 'endTime' },
  {
    kind: 'select',
    name: 'status',
    label: 'field.billStatus',
    options: [
      { value: '0', label: 'opt.unaudited' },
      { value: '1', label: 'opt.audited' },
    ],
  },
  { kind: 'text', name: 'remark', label: 'field.billRemark' },
];

describe('SearchForm Enter', () => {
  it(
    'moves through every input in order, past both date inputs and the select, and wraps to the first',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const onSearch = vi.fn();
      const { container } = render(<SearchForm fields={FIELDS} filters={{}} onSearch={onSearch} onReset={() => {}} />);
      const inputs = Array.from(container.querySelectorAll('input'));
      expect(inputs).toHaveLength(5); // number, begin, end, status, remark
      const [number, begin, end, status, remark] = inputs;

      await user.click(number!);
      expect(number).toHaveFocus();
      const visited = [];
      for (let i = 0; i < 5; i++) {
        await user.keyboard('{Enter}');
        visited.push(document.activeElement);
      }
      expect(visited).toEqual([begin, end, status, remark, number]);
      // Enter also runs the query, as the original search area did.
      await waitFor(() => expect(onSearch).toHaveBeenCalled());
    },
  );

  it('a typed date survives Enter and reaches the query', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { container } = render(<SearchForm fields={FIELDS} filters={{}} onSearch={onSearch} onReset={() => {}} />);
    const [, begin, end] = Array.from(container.querySelectorAll('input'));
    await user.click(begin!);
    await user.keyboard('2024-01-02{Enter}');
    expect(end).toHaveFocus();
    await user.keyboard('2024-02-03{Enter}');
    // Focus left the range for the status select, and the query carries both typed dates.
    expect(container.querySelector('input[id$="_status"]')).toHaveFocus();
    await waitFor(() =>
      expect(onSearch).toHaveBeenLastCalledWith(
        expect.objectContaining({ beginTime: '2024-01-02', endTime: '2024-02-03' }),
      ),
    );
  });
});

describe('SearchForm labels', () => {
  it('point at their own inputs when two pages with the same fields are mounted (tabs keep pages mounted)', () => {
    const { container } = render(
      <>
        <section>
          <SearchForm fields={FIELDS} filters={{}} onSearch={() => {}} onReset={() => {}} />
        </section>
        <section>
          <SearchForm fields={FIELDS} filters={{}} onSearch={() => {}} onReset={() => {}} />
        </section>
      </>,
    );
    const labels = Array.from(container.querySelectorAll<HTMLLabelElement>('label[for]'));
    expect(labels.length).toBe(8);
    for (const label of labels) {
      const control = document.getElementById(label.htmlFor);
      expect(control).not.toBeNull();
      expect(label.closest('section')!.contains(control)).toBe(true);
    }
  });
});
