import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailList } from '../../../components/detail-list/detail-list';
import { render } from '../../helpers/render';

describe('DetailList', () => {
  it('shows each term followed by a colon beside its value, under the title', () => {
    render(
      <DetailList
        title="单据信息"
        items={[
          { term: '单据编号', value: 'CGDD00000000001' },
          { term: '备注', value: '<b>x</b>' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: '单据信息' })).toBeInTheDocument();
    expect(screen.getByText('单据编号:')).toBeInTheDocument();
    expect(screen.getByText('CGDD00000000001')).toBeInTheDocument();
    // Text from the server stays text.
    expect(screen.getByText('<b>x</b>')).toBeInTheDocument();
  });

  it('clamps more than four columns to four (six-unit spans)', () => {
    const { container } = render(<DetailList col={6} items={[{ term: 'a', value: '1' }]} />);
    expect(container.querySelector('.ant-col')?.className).toMatch(/ant-col-xl-6|ant-col-lg-6|ant-col-md-6|ant-col-6/);
  });
});
