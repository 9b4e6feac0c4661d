// The shared print sheet and its preview: paper sizes, PDF, the receipt's texts.
export const printMessages = {
  'print.preview': '打印预览',
  'print.a4': 'A4 纸',
  'print.receipt': '小票',
  'print.print': '打印',
  'print.page': '第 {page} 页 / 共 {pages} 页',
  'print.sheet': '打印内容',
  'print.receipt80': '80 mm 小票',
  'print.receipt58': '58 mm 小票',
  'print.pdf': '下载 PDF',
  'print.pdfHint': '在打印对话框的“目标打印机”中选择“另存为 PDF”',
  'print.address': '地址',
  'print.phone': '电话',
  'print.thanks': '谢谢惠顾，欢迎再次光临！',
} as const;
