// No import circle in server/: every relative import (type-only and `import('…')` types too) of every module, as
// TypeScript reads it, and a depth-first walk that names each circle it meets. A circle makes a module's exports
// undefined while another one of the circle still loads, and hides which module holds which rule.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../server');

function importGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(root, f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name).replace(/\.js$/, '.ts'));
    graph.set(file, targets);
  }
  return graph;
}

/** Each circle as `a.ts → b.ts → a.ts`, relative to server/. */
function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const onStack: string[] = [];
  const done = new Set<string>();
  const visit = (file: string): void => {
    onStack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target) || done.has(target)) continue;
      const at = onStack.indexOf(target);
      if (at >= 0) found.push([...onStack.slice(at), target].map((f) => relative(ROOT, f)).join(' → '));
      else visit(target);
    }
    onStack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return found;
}

t.test('the walk finds a circle when there is one', async (t) => {
  const a = join(ROOT, 'a.ts');
  const b = join(ROOT, 'b.ts');
  t.same(
    circles(
      new Map([
        [a, [b]],
        [b, [a]],
      ]),
    ),
    ['a.ts → b.ts → a.ts'],
  );
});

t.test('no module of server/ imports itself through others', async (t) => {
  const graph = importGraph(ROOT);
  t.ok(graph.size > 50, 'reads every server module');
  // state.ts reads store.ts's row types only: type-only imports count.
  t.ok(graph.get(join(ROOT, 'sandbox/state.ts'))?.includes(join(ROOT, 'sandbox/store.ts')), 'sees type-only imports');
  t.same(circles(graph), []);
});
