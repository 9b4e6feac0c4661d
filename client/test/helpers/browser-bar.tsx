// The browser around a page, as far as a test needs it: the address bar, Back, and a link to another page.
import { screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';

/** Renders the address (`地址`), a 后退 button and, with `elsewhere`, an 另一页 button going there. */
export function BrowserBar({ elsewhere }: { elsewhere?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="地址">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        后退
      </button>
      {elsewhere ? (
        <button type="button" onClick={() => navigate(elsewhere)}>
          另一页
        </button>
      ) : null}
    </>
  );
}

/** The address the bar shows. */
export const address = () => screen.getByLabelText('地址').textContent;
