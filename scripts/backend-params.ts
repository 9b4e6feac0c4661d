// Reads jshERP-boot's controllers from a git checkout of jishenghua/jshERP and writes shared/backend-params.json:
// every mapped path with its HTTP methods, each @RequestParam (name, Java type, required, defaultValue), its
// @PathVariables and whether it takes a @RequestBody. Run by hand after the backend changes:
//   JSHERP_REPO=/path/to/jshERP npm run contract:params             # a checkout or bare clone, at HEAD
//   JSHERP_REPO=/path/to/jshERP JSHERP_REV=v3.5 npm run contract:params
// The sandbox validates queries from the table and the wire guard checks the client's calls against it.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BackendParamTable, BackendRoute, QueryParam } from '../shared/backend-params.js';
import { CONTEXT_PATH } from '../shared/backend.js';

const REPO = process.env.JSHERP_REPO?.trim();
if (!REPO) {
  process.stderr.write('contract:params: set JSHERP_REPO to a git checkout (or bare clone) of jishenghua/jshERP\n');
  process.exit(2);
}
const REV = process.env.JSHERP_REV ?? 'HEAD';
const JAVA_ROOT = 'jshERP-boot/src/main/java/com/jsh/erp';
const OUT = fileURLToPath(new URL('../shared/backend-params.json', import.meta.url));

const git = (...args: string[]): string =>
  execFileSync('git', ['-C', REPO, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

/** Drops line and block comments (outside strings), so commented-out mappings and parameters are not read. */
function stripComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '"' || c === "'") {
      const start = i;
      i++;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i++;
      out += src.slice(start, i);
    } else if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end === -1 ? src.length : end + 2;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The text between the bracket at `open` — `(` or `{` — and its partner (strings respected), and the index after it. */
function balanced(src: string, open: number): { inner: string; end: number } {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (c === '"') {
      i++;
      while (i < src.length && src[i] !== '"') i += src[i] === '\\' ? 2 : 1;
      continue;
    }
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') {
      depth--;
      if (depth === 0) return { inner: src.slice(open + 1, i), end: i + 1 };
    }
  }
  throw new Error(`unbalanced bracket at ${open}`);
}

/** Splits on commas outside (), {}, <> and strings. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      current += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === '(' || c === '{' || c === '<') depth++;
    if (c === ')' || c === '}' || c === '>') depth--;
    if (c === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** Reads the `public static final String X = "…"` constants that annotations name (Constants.SEARCH…). */
function readConstants(): Map<string, string> {
  const constants = new Map<string, string>();
  const src = git('show', `${REV}:${JAVA_ROOT}/utils/Constants.java`);
  for (const m of src.matchAll(/(?:static\s+final|final\s+static)\s+String\s+(\w+)\s*=\s*"([^"]*)"/g))
    constants.set(`Constants.${m[1]}`, m[2]!);
  return constants;
}

type AnnotationArgs = Map<string, string | string[]>;

/** Annotation arguments: a lone value is `value`; strings unquoted, `Constants.X` resolved, `{…}` as arrays. */
function parseAnnotationArgs(text: string | undefined, constants: Map<string, string>): AnnotationArgs {
  const args: AnnotationArgs = new Map();
  if (text === undefined || text.trim() === '') return args;
  const literal = (raw: string): string => {
    const t = raw.trim();
    if (t.startsWith('"')) return JSON.parse(t) as string;
    const constant = constants.get(t);
    if (constant !== undefined) return constant;
    return t;
  };
  const value = (raw: string): string | string[] => {
    const t = raw.trim();
    if (t.startsWith('{')) return splitTopLevel(t.slice(1, -1)).map(literal);
    return literal(t);
  };
  for (const part of splitTopLevel(text)) {
    const m = /^(\w+)\s*=\s*([\s\S]+)$/.exec(part);
    if (m && !part.trim().startsWith('"')) args.set(m[1]!, value(m[2]!));
    else args.set('value', value(part));
  }
  return args;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

interface Annotation {
  name: string;
  args: AnnotationArgs;
}

/** Reads the annotations at `pos` (skipping whitespace), returning them and where the declaration after them starts. */
function readAnnotations(
  src: string,
  pos: number,
  constants: Map<string, string>,
): { annotations: Annotation[]; end: number } {
  const annotations: Annotation[] = [];
  let i = pos;
  for (;;) {
    while (/\s/.test(src[i] ?? '')) i++;
    if (src[i] !== '@') break;
    const m = /^@([\w.]+)/.exec(src.slice(i))!;
    i += m[0].length;
    let argText: string | undefined;
    let j = i;
    while (/\s/.test(src[j] ?? '')) j++;
    if (src[j] === '(') {
      const b = balanced(src, j);
      argText = b.inner;
      i = b.end;
    }
    annotations.push({ name: m[1]!.replace(/^.*\./, ''), args: parseAnnotationArgs(argText, constants) });
  }
  return { annotations, end: i };
}

const MAPPINGS: Record<string, string[] | null> = {
  GetMapping: ['GET'],
  PostMapping: ['POST'],
  PutMapping: ['PUT'],
  DeleteMapping: ['DELETE'],
  PatchMapping: ['PATCH'],
  RequestMapping: null,
};

const SERVLET_TYPES = new Set([
  'HttpServletRequest',
  'HttpServletResponse',
  'ServletRequest',
  'ServletResponse',
  'HttpSession',
  'Model',
  'ModelMap',
]);
/** Types Spring binds from a same-named request parameter when unannotated (BeanUtils.isSimpleProperty). */
const SIMPLE_TYPES =
  /^(String|Long|long|Integer|int|Short|short|Byte|byte|Boolean|boolean|Double|double|Float|float|BigDecimal|BigInteger|Date|Character|char)(\[\])?$/;

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  return joined === '/' ? joined : joined.replace(/\/$/, '');
}

function parseController(file: string, src: string, constants: Map<string, string>): BackendRoute[] {
  const code = stripComments(src);
  const controller = /\bclass\s+(\w+)/.exec(code)?.[1] ?? file;
  const classIndex = code.search(/\bclass\s+\w+/);
  const classMapping = [...code.slice(0, classIndex).matchAll(/@RequestMapping\s*\(/g)].at(-1);
  const prefixes = classMapping
    ? (() => {
        const args = parseAnnotationArgs(
          balanced(code, classMapping.index + classMapping[0].length - 1).inner,
          constants,
        );
        const paths = list(args.get('value') ?? args.get('path'));
        return paths.length ? paths : [''];
      })()
    : [''];
  const routes: BackendRoute[] = [];
  const body = code.slice(classIndex);
  const mappingRe = /@(GetMapping|PostMapping|PutMapping|DeleteMapping|PatchMapping|RequestMapping)\b/g;
  for (const m of body.matchAll(mappingRe)) {
    // Read the whole annotation block around this mapping, then the method signature after it.
    const { annotations, end } = readAnnotations(body, m.index, constants);
    const mapping = annotations.find((a) => a.name in MAPPINGS);
    if (!mapping) continue;
    const sig = /^\s*(?:(?:public|protected|private|static|final|synchronized)\s+)*([\w.<>[\], ?]+?)\s+(\w+)\s*\(/.exec(
      body.slice(end),
    );
    if (!sig) throw new Error(`${file}: no method after @${mapping.name} at ${m.index}`);
    const paramsOpen = end + sig[0].length - 1;
    const paramText = balanced(body, paramsOpen).inner;
    const declared = MAPPINGS[mapping.name];
    const methods = declared ?? list(mapping.args.get('method')).map((v) => v.replace(/^RequestMethod\./, ''));
    const paths = list(mapping.args.get('value') ?? mapping.args.get('path'));
    const params: QueryParam[] = [];
    const pathVariables: { name: string; type: string }[] = [];
    let requestBody: string | null = null;
    for (const raw of splitTopLevel(paramText)) {
      const { annotations: paramAnnotations, end: declStart } = readAnnotations(raw, 0, constants);
      const decl = raw
        .slice(declStart)
        .trim()
        .replace(/^final\s+/, '');
      const dm = /^([\w.<>[\], ?]+?)\s+(\w+)$/.exec(decl);
      if (!dm) throw new Error(`${file}: cannot read parameter '${raw}' of ${sig[2]}`);
      const type = dm[1]!.replace(/\s+/g, '');
      const javaName = dm[2]!;
      const requestParam = paramAnnotations.find((a) => a.name === 'RequestParam');
      const pathVariable = paramAnnotations.find((a) => a.name === 'PathVariable');
      if (paramAnnotations.some((a) => a.name === 'RequestBody')) {
        requestBody = type;
      } else if (pathVariable) {
        pathVariables.push({
          name: first(pathVariable.args.get('value') ?? pathVariable.args.get('name')) ?? javaName,
          type,
        });
      } else if (requestParam) {
        const name = first(requestParam.args.get('value') ?? requestParam.args.get('name')) ?? javaName;
        const defaultValue = first(requestParam.args.get('defaultValue'));
        const declaredRequired = first(requestParam.args.get('required')) !== 'false';
        params.push({
          name,
          type,
          required: declaredRequired && defaultValue === undefined,
          ...(defaultValue !== undefined ? { defaultValue } : {}),
        });
      } else if (SERVLET_TYPES.has(type)) {
        continue;
      } else if (type === 'MultipartFile') {
        params.push({ name: javaName, type, required: false });
      } else if (SIMPLE_TYPES.test(type)) {
        // Unannotated simple types are an optional @RequestParam named as the Java parameter.
        params.push({ name: javaName, type, required: false });
      } else {
        // Anything else is a @ModelAttribute bound leniently from the parameters.
        params.push({ name: javaName, type, required: false, modelAttribute: true });
      }
    }
    for (const prefix of prefixes) {
      for (const path of paths.length ? paths : ['']) {
        routes.push({
          path: joinPath(prefix, path),
          methods,
          controller,
          handler: sig[2]!,
          params,
          pathVariables,
          body: requestBody,
        });
      }
    }
  }
  return routes;
}

function main(): void {
  const commit = git('rev-parse', REV).trim();
  const constants = readConstants();
  const files = git('ls-tree', '--name-only', REV, `${JAVA_ROOT}/controller/`)
    .split('\n')
    .filter((f) => f.endsWith('.java'));
  const routes = files.flatMap((file) =>
    parseController(file.replace(/^.*\//, ''), git('show', `${REV}:${file}`), constants),
  );
  routes.sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : a.methods.join().localeCompare(b.methods.join()),
  );
  const table: BackendParamTable = {
    source: { repository: 'jishenghua/jshERP', commit, controllers: `${JAVA_ROOT}/controller/*.java` },
    contextPath: CONTEXT_PATH,
    routes,
  };
  writeFileSync(OUT, `${JSON.stringify(table, null, 1)}\n`);
  const required = routes.reduce((n, r) => n + r.params.filter((p) => p.required).length, 0);
  process.stdout.write(
    `${routes.length} mappings from ${files.length} controllers (${commit.slice(0, 8)}), ${required} required parameters → ${OUT}\n`,
  );
}

main();
