// Drafts kept while typing and offered back when the form opens again.
export const draftMessages = {
  'draft.title': '恢复未保存的内容？',
  'draft.content': '“{form}”有未保存的内容（{time}）。恢复后可继续编辑并保存；丢弃将删除这些内容。',
  'draft.restore': '恢复',
  'draft.discard': '丢弃',
} as const;
