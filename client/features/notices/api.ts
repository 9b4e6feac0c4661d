// The notice calls. /msg/list is GET with search={"name":…} (a POST answers 未知异常).
import { http } from '../../lib/http';
import type { Notice } from './notice';

export type { Notice };

export interface BackendReply<T> {
  code: number;
  data: T;
}

export const fetchUnread = (silent: boolean) =>
  http.get<BackendReply<Notice[] | string>>('/msg/getMsgByStatus', { status: '1' }, { silent });

// GET: jshERP-boot maps GET /msg/list (a POST answers 未知异常).
export const fetchNoticePage = (name: string, currentPage: number, pageSize: number) =>
  http.get<BackendReply<{ rows?: Notice[]; total?: number } | string>>('/msg/list', {
    search: JSON.stringify({ name }),
    column: 'createTime',
    order: 'desc',
    currentPage,
    pageSize,
  });

export const markRead = (id: number) => http.post<BackendReply<string>>('/msg/batchUpdateStatus', { ids: id, status: '2' });

export const markAllRead = () => http.post<BackendReply<string>>('/msg/readAllMsg');
