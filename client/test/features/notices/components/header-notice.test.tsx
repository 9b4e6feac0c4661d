// The bell against a fake socket: an operator broadcast (cmd topic) is shown to the user as a notification, as text.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderNotice } from '../../../../features/notices/components/header-notice';
import { fakeBackend } from '../../../helpers/fake-backend';
import { renderInShell } from '../../../helpers/render-page';

vi.setConfig({ testTimeout: 30_000 });

class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.instances.push(this);
  }
  send() {}
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('HeaderNotice broadcasts', () => {
  it('shows a topic frame as a notification with its title and content, rendered as text, and reloads the list', async () => {
    const backend = fakeBackend({ '/msg/getMsgByStatus': { code: 200, data: [] } });
    renderInShell(<HeaderNotice userId={63} />);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;
    expect(socket.url).toMatch(/\/jshERP-boot\/websocket\/63$/);
    act(() => socket.open());
    const loadsBefore = backend.callsTo('/msg/getMsgByStatus').length;

    act(() =>
      socket.receive({
        cmd: 'topic',
        title: '<b>今晚停机维护</b>',
        content: '22:00 起 <img src=x onerror=alert(1)> 暂停服务',
      }),
    );
    const notice = await screen.findByText('<b>今晚停机维护</b>');
    expect(notice.closest('.ant-notification-notice')).not.toBeNull();
    expect(screen.getByText('22:00 起 <img src=x onerror=alert(1)> 暂停服务')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice img')).toBeNull();
    await waitFor(() => expect(backend.callsTo('/msg/getMsgByStatus').length).toBeGreaterThan(loadsBefore));
  });

  it('a user frame only moves the badge: no notification', async () => {
    fakeBackend({ '/msg/getMsgByStatus': { code: 200, data: [] } });
    renderInShell(<HeaderNotice userId={63} />);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    expect(screen.getByTestId('notice-bell')).toHaveAccessibleName('通知');
    act(() => socket.receive({ cmd: 'user', unread: 3, ids: [3, 2, 1] }));
    await waitFor(() => expect(document.querySelector('.ant-badge')!.textContent).toContain('3'));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    // What a screen reader says holds what the badge shows (WCAG 2.5.3).
    expect(screen.getByTestId('notice-bell')).toHaveAccessibleName('通知 3');
  });

  it('查看更多 opens the message list while the popover list is still loading', async () => {
    fakeBackend({
      // The unread list never answers: the popover's list keeps spinning.
      '/msg/getMsgByStatus': () => new Promise(() => {}),
      '/msg/list': { code: 200, data: { rows: [], total: 0 } },
    });
    renderInShell(<HeaderNotice userId={63} />);
    fireEvent.click(screen.getByTestId('notice-bell'));
    const more = await screen.findByText('查看更多');
    // A spinning Spin's container takes no pointer events (its overlay takes them): the button must not be inside one.
    expect(more.closest('.ant-spin-spinning'), 'the button is not under the spinner').toBeNull();
    expect(document.querySelector('.ant-spin-spinning'), 'while the list spins').not.toBeNull();
    fireEvent.click(more);
    expect(await screen.findByText('通知', { selector: '.ant-modal-title' })).toBeInTheDocument();
  });
});
