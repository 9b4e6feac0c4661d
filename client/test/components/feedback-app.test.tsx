// Notifications stand below the header: a login's 友情提醒 (weak password) must not lie over the user menu, the bell
// and the settings button at the top right for the seconds it shows.
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { expect, it } from 'vitest';
import { FeedbackApp } from '../../components/themed-antd';
import { useAppFeedback } from '../../lib/app-feedback';

function Warn() {
  const { notification } = useAppFeedback();
  useEffect(() => {
    notification.warning({ message: '友情提醒', description: '密码过于简单，请尽快修改' });
  }, [notification]);
  return null;
}

it('a notification opens below the 49 px header', async () => {
  render(
    <FeedbackApp>
      <Warn />
    </FeedbackApp>,
  );
  await screen.findByText('友情提醒');
  const list = document.querySelector<HTMLElement>('.ant-notification');
  expect(list).not.toBeNull();
  // antd places the list by its --notification-top.
  expect(parseFloat(list!.style.getPropertyValue('--notification-top'))).toBeGreaterThanOrEqual(49);
});
