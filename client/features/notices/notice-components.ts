// Messages with openType 'component' name what opens them (openPage). jshERP-boot never sends such messages,
// so the registry is small; an unknown name falls back to the normal detail popup.
export type NoticeComponentName = 'MsgList';

/** openPage values → what the bell opens. Paths the original would have imported map to the same entry. */
export const NOTICE_COMPONENTS: Readonly<Record<string, NoticeComponentName>> = {
  MsgList: 'MsgList',
  'system/MsgList': 'MsgList',
  '/system/MsgList': 'MsgList',
};

export function noticeComponent(openPage: string | null | undefined): NoticeComponentName | undefined {
  return openPage ? NOTICE_COMPONENTS[openPage.replace(/\.vue$/, '')] : undefined;
}
