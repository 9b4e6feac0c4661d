// The documents a newcomer reads first: README.md is a short map (≤ 250 lines, a table of contents, a link for each
// topic a person who runs it needs), README.zh-CN.md says the same in Chinese section by section, every relative link
// in them and in docs/ leads somewhere, no document cites a commit, and docs/configuration.md lists every variable
// server/config.ts reads.
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const documents = ['README.md', 'README.zh-CN.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter(
  (path) => path.endsWith('.md'),
);

/** The text outside fenced code blocks and inline code: links and headings there are examples, not structure. */
const prose = (text: string) =>
  text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, (code) => code.replace(/[[\]()#]/g, ' '));

/** GitHub's heading anchors: lower case, punctuation dropped (letters of any script kept), spaces as hyphens. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Relative link targets of a document, as written. */
const relativeLinks = (text: string) =>
  [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));

/** The `## ` sections of a document, each with its relative link targets. */
function sections(text: string): { title: string; links: string[] }[] {
  return text
    .replace(/^```[\s\S]*?^```/gm, '')
    .split(/^(?=## )/m)
    .filter((part) => part.startsWith('## '))
    .map((part) => ({ title: part.slice(3, part.indexOf('\n')).trim(), links: relativeLinks(part) }));
}

t.test('README is a map: at most 250 lines, a table of contents naming every section', async (t) => {
  const readme = read('README.md');
  const lines = readme.trimEnd().split('\n').length;
  t.ok(lines <= 250, `README.md has ${lines} lines`);
  const all = sections(readme);
  const contents = all.find((s) => s.title === 'Contents');
  t.ok(contents, 'a Contents section');
  const listed = new Set(contents?.links ?? []);
  for (const s of all.filter((s) => s.title !== 'Contents')) {
    t.ok(listed.has(`#${[...anchors(`## ${s.title}`)][0]}`), `the contents link "${s.title}"`);
  }
});

t.test('README links each topic a person who runs it needs', async (t) => {
  const readme = read('README.md');
  const links = new Set(relativeLinks(readme));
  const topics: Record<string, string> = {
    run: '#run-it',
    configure: 'docs/configuration.md',
    'real backend': '#point-it-at-a-real-jsherp-boot',
    docker: 'docs/operations.md#docker',
    troubleshoot: '#troubleshooting',
    'test one file': 'docs/testing.md#one-file',
    architecture: 'docs/architecture.md',
    'add a page': 'docs/architecture.md#add-a-page',
    'add a sandbox route': 'docs/sandbox.md#add-a-route',
  };
  for (const [topic, href] of Object.entries(topics)) t.ok(links.has(href), `${topic}: ${href}`);
});

t.test('README.zh-CN.md keeps step with README.md, section by section', async (t) => {
  const en = sections(read('README.md'));
  const zh = sections(read('README.zh-CN.md'));
  t.same(
    zh.map((s) => s.title).length,
    en.map((s) => s.title).length,
    `the same number of sections (en: ${en.map((s) => s.title).join(', ')}; zh: ${zh.map((s) => s.title).join(', ')})`,
  );
  // Section titles differ by language; where each section leads must not. The contents differ only by the anchors'
  // language, so they are compared by count.
  en.forEach((section, i) => {
    const other = zh[i];
    if (!other) return;
    if (section.title === 'Contents') t.equal(other.links.length, section.links.length, 'contents: as many entries');
    else t.same([...other.links].sort(), [...section.links].sort(), `section ${i + 1} (${section.title}): same links`);
  });
});

t.test('every relative link in README and docs/ resolves, anchors included', async (t) => {
  for (const document of documents) {
    const text = read(document);
    for (const href of relativeLinks(text)) {
      const [path, anchor] = href.split('#') as [string, string | undefined];
      const target = path === '' ? document : relative(root, resolve(root, dirname(document), path));
      if (!existsSync(join(root, target))) {
        t.fail(`${document}: ${href} → ${target} does not exist`);
        continue;
      }
      if (anchor !== undefined && target.endsWith('.md')) {
        t.ok(anchors(read(target)).has(decodeURIComponent(anchor)), `${document}: ${href} → a heading in ${target}`);
      }
    }
  }
});

t.test('documents state facts, not history: no commit hash', async (t) => {
  for (const document of documents) {
    const hashes = [...prose(read(document)).matchAll(/(?<![\w#/.=-])[0-9a-f]{7,40}(?![\w-])/g)]
      .map((m) => m[0])
      .filter((word) => /[a-f]/.test(word) && /\d/.test(word));
    t.same(hashes, [], `${document} cites no commit`);
  }
});

t.test('docs/configuration.md lists every variable server/config.ts reads', async (t) => {
  const config = read('server/config.ts');
  const names = [...new Set([...config.matchAll(/\(env, '([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1]!))];
  t.ok(names.length > 40, `${names.length} variables read`);
  const documented = read('docs/configuration.md');
  t.same(
    names.filter((name) => !documented.includes(`| \`${name}\``)),
    [],
    'each has its row',
  );
});

t.test('a LICENSE: MIT', async (t) => {
  t.match(read('LICENSE'), /^MIT License/);
  t.equal(JSON.parse(read('package.json')).license, 'MIT');
});
