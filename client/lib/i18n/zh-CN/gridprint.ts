// Drafts kept while typing and offered back, the print preview's sizes and sheet texts (the grid-print work).
export const gridPrintMessages = {
  'draft.title': '恢复未保存的内容？',
  'draft.content': '“{form}”有未保存的内容（{time}）。恢复后可继续编辑并保存；丢弃将删除这些内容。',
  'draft.restore': '恢复',
  'draft.discard': '丢弃',
  'print.receipt80': '80 mm 小票',
  'print.receipt58': '58 mm 小票',
  'print.pdf': '下载 PDF',
  'print.pdfHint': '在打印对话框的“目标打印机”中选择“另存为 PDF”',
  'print.address': '地址',
  'print.phone': '电话',
  'print.thanks': '谢谢惠顾，欢迎再次光临！',
} as const;
