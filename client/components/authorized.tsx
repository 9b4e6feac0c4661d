// Renders its children only when the stored button list allows `code` on `pageUrl`.
import type { ReactNode } from 'react';
import { useButtonAccess } from '../lib/use-button-access';

export interface AuthorizedProps {
  /** The page's menu url, e.g. '/bill/purchase_in' (what `userBtn[].url` holds). */
  pageUrl: string;
  /** A ButtonCode value, e.g. ButtonCode.audit. */
  code: string;
  children: ReactNode;
}

export function Authorized({ pageUrl, code, children }: AuthorizedProps) {
  const access = useButtonAccess(pageUrl);
  return access.can(code) ? <>{children}</> : null;
}
