// The notice calls. /msg/list is GET with search={"name":…} (a POST answers 未知异常).
import { http } from '../../lib/http';
import type { Notice, Reply, TableReply } from '../../lib/backend/types';

export const fetchUnread = (silent: boolean) =>
  http.get<Reply<Notice[] | string>>('/msg/getMsgByStatus', { status: '1' }, { silent });

// GET: jshERP-boot maps GET /msg/list (a POST answers 未知异常).
export const fetchNoticePage = (name: string, currentPage: number, pageSize: number) =>
  http.get<TableReply<Notice>>('/msg/list', {
    search: JSON.stringify({ name }),
    column: 'createTime',
    order: 'desc',
    currentPage,
    pageSize,
  });

export const markRead = (id: number) => http.post<Reply<string>>('/msg/batchUpdateStatus', { ids: id, status: '2' });

export const markAllRead = () => http.post<Reply<string>>('/msg/readAllMsg');
