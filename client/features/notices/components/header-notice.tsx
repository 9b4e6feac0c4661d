// The bell: badge = unread total; click opens a 300 px popover with the tab 通知(n), the newest
// five unread (title + date) and a dashed 查看更多 opening the message list. Viewing one marks it read.
// By keyboard: Enter opens it, Tab from the bell goes into it (antd draws it at the end of the page), Shift+Tab from
// its first entry back to the bell, Esc and Tab from its last entry close it on the bell; a dialog opened from it
// gives the focus back to the bell.
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Spin, Tabs, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { isOk } from '../../../lib/backend/envelope';
import type { Notice } from '../../../lib/backend/types';
import { markRead } from '../api';
import { noticeComponent } from '../notice-components';
import { useNotices } from '../use-notices';
import { MsgListModal } from './msg-list-modal';
import { NoticeDetailModal } from './notice-detail-modal';
import { useAppFeedback } from '../../../lib/app-feedback';
import { formatBackendDate } from '../../../lib/date-format';

/** The badge's largest number (antd's default); above it shows 99+. */
const BADGE_MAX = 99;

export function HeaderNotice({ userId }: { userId: number | string | undefined }) {
  const t = useT();
  const { message, notification } = useAppFeedback();
  // Broadcasts are shown as antd notifications; React renders their title and content as text, never as HTML.
  const notices = useNotices(userId, (topic) => {
    notification.info({
      title: topic.title || t('notice.broadcast'),
      description: topic.content || undefined,
      duration: 0,
    });
  });
  const shownCount = notices.total > BADGE_MAX ? `${BADGE_MAX}+` : String(notices.total);
  const bellName = notices.total > 0 ? `${t('header.notices')} ${shownCount}` : t('header.notices');
  const [open, setOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [detail, setDetail] = useState<Notice | null>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const panelStops = () =>
    Array.from(
      panel.current?.querySelectorAll<HTMLElement>('button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])') ??
        [],
    );
  const backToBell = () => bell.current?.focus({ preventScroll: true });
  /** The popover closes as a dialog opens from it: the focus goes to the bell first, for the dialog to give back. */
  const closeOnBell = () => {
    backToBell();
    setOpen(false);
  };
  const onBellKey = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Tab' || event.shiftKey) return;
    const first = panelStops()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  const onPanelKey = (event: KeyboardEvent) => {
    const stops = panelStops();
    const atFirst = document.activeElement === stops[0];
    const atLast = document.activeElement === stops[stops.length - 1];
    if (event.key === 'Escape' || (event.key === 'Tab' && !event.shiftKey && atLast)) {
      event.preventDefault();
      closeOnBell();
    } else if (event.key === 'Tab' && event.shiftKey && atFirst) {
      event.preventDefault();
      backToBell();
    }
  };

  /** A message chosen anywhere: its component when it names a known one, else the detail popup. */
  const show = (notice: Notice) => {
    if (notice.openType === 'component') {
      const component = noticeComponent(notice.openPage);
      if (component === 'MsgList') {
        setListOpen(true);
        return;
      }
      message.warning(t('notice.unknownComponent'));
    }
    setDetail(notice);
  };

  const viewFromPopover = async (notice: Notice) => {
    closeOnBell();
    try {
      if (isOk(await markRead(notice.id))) notices.reload();
    } catch {
      // still show it
    }
    show(notice);
  };

  // Only the list waits for its first load: 查看更多 stays clickable meanwhile (a spinning Spin takes pointer events
  // from everything inside it, so a click that came as the load started was lost).
  const content = (
    <div ref={panel} onKeyDownCapture={onPanelKey}>
      <Tabs
        size="small"
        items={[
          {
            key: 'notice',
            label: t('notice.tab', { count: notices.total }),
            children: (
              <>
                <Spin spinning={notices.loading && notices.items.length === 0}>
                  <List<Notice>
                    size="small"
                    dataSource={notices.items}
                    locale={{ emptyText: t('notice.empty') }}
                    renderItem={(item) => (
                      <List.Item key={item.id} style={{ display: 'block', padding: '6px 0' }}>
                        {/* One line per title (the whole title on hover): every entry keeps its height, so a list that
                          reloads as the popover opens never moves 查看更多 from under the pointer. */}
                        <Button
                          type="link"
                          block
                          title={item.msgTitle ?? undefined}
                          onClick={() => void viewFromPopover(item)}
                          style={{
                            padding: 0,
                            height: 'auto',
                            justifyContent: 'flex-start',
                            textAlign: 'start',
                            maxWidth: '100%',
                            overflow: 'hidden',
                          }}
                        >
                          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                            {item.msgTitle}
                          </span>
                        </Button>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {formatBackendDate(item.createTimeStr)}
                        </Typography.Text>
                      </List.Item>
                    )}
                  />
                </Spin>
                <Button
                  type="dashed"
                  block
                  style={{ marginTop: 8 }}
                  onClick={() => {
                    closeOnBell();
                    setListOpen(true);
                  }}
                >
                  {t('notice.more')}
                </Button>
              </>
            ),
          },
        ]}
      />
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottom"
        arrow={{ pointAtCenter: true }}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) notices.looked();
        }}
        content={content}
        styles={{ root: { width: 300 }, container: { width: 300 } }}
        classNames={{ root: 'header-notice-popover' }}
      >
        {/* The name holds the count the badge shows (WCAG 2.5.3: the visible text is part of the name). */}
        <button
          ref={bell}
          type="button"
          className="main-header__action"
          aria-label={bellName}
          data-testid="notice-bell"
          onKeyDown={onBellKey}
        >
          <Badge count={notices.total} overflowCount={BADGE_MAX} size="small" offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 16, color: 'inherit' }} />
          </Badge>
        </button>
      </Popover>
      {listOpen ? (
        <MsgListModal
          onClose={() => {
            setListOpen(false);
            notices.reload();
          }}
          onView={show}
          onChanged={notices.reload}
        />
      ) : null}
      {detail ? <NoticeDetailModal notice={detail} onClose={() => setDetail(null)} /> : null}
    </>
  );
}
