// The checkbox trees the grant dialogs load ({key, title, checked?, children}): which keys start checked, which
// can expand, every key. Pure, so the dialogs share one reading of the backend's tree.
export interface GrantNode {
  key: number;
  title: string;
  checked?: boolean;
  children?: GrantNode[];
}

/** The tree as the backend sent it, or null when the answer is not a tree (an error envelope). */
export function readGrantTree(body: unknown): GrantNode[] | null {
  if (!Array.isArray(body)) return null;
  const read = (node: Record<string, unknown>): GrantNode => ({
    key: Number(node.key ?? node.id),
    title: String(node.title ?? ''),
    ...(node.checked === true ? { checked: true } : {}),
    ...(Array.isArray(node.children) && node.children.length > 0
      ? { children: (node.children as Record<string, unknown>[]).map(read) }
      : {}),
  });
  return (body as Record<string, unknown>[]).filter((n) => n && typeof n === 'object').map(read);
}

function walk(nodes: readonly GrantNode[], visit: (node: GrantNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walk(node.children, visit);
  }
}

export function checkedKeysOf(nodes: readonly GrantNode[]): number[] {
  const keys: number[] = [];
  walk(nodes, (n) => {
    if (n.checked) keys.push(n.key);
  });
  return keys;
}

export function parentKeysOf(nodes: readonly GrantNode[]): number[] {
  const keys: number[] = [];
  walk(nodes, (n) => {
    if (n.children) keys.push(n.key);
  });
  return keys;
}

export function allKeysOf(nodes: readonly GrantNode[]): number[] {
  const keys: number[] = [];
  walk(nodes, (n) => keys.push(n.key));
  return keys;
}
