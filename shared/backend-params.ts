// What jshERP-boot's controllers declare (shared/backend-params.json, written by scripts/backend-params.ts) and
// how Spring MVC 5.0 (Spring Boot 2.0, the backend's version) treats a call against it: which mapping answers, and
// whether argument resolution refuses the call — a missing required @RequestParam
// (MissingServletRequestParameterException), a value that does not convert to the Java type
// (MethodArgumentTypeMismatchException) or a path mapped for other methods (HttpRequestMethodNotSupportedException).
// The backend's GlobalExceptionHandler answers all three alike: HTTP 200 {"code":500,"data":"未知异常"}.
// Pure: used by the sandbox (its query validation), the tests and the client's wire guard.

export interface QueryParam {
  name: string;
  /** The Java type as declared: String, Long, Integer, BigDecimal, Boolean, String[], MultipartFile, an entity… */
  type: string;
  /** Declared required and without a defaultValue. */
  required: boolean;
  defaultValue?: string;
  /** An unannotated entity: Spring binds its fields from the parameters (not checked here). */
  modelAttribute?: boolean;
}

export interface BackendRoute {
  /** Without the context path; Spring patterns: `{name}` a segment, `**` the rest. */
  path: string;
  /** Empty: any method (a @RequestMapping without `method`). */
  methods: string[];
  controller: string;
  handler: string;
  params: QueryParam[];
  pathVariables: { name: string; type: string }[];
  /** The @RequestBody's Java type (JSONObject, an entity, String), or null when the method takes none. */
  body: string | null;
}

export interface BackendParamTable {
  source: { repository: string; commit: string; controllers: string };
  contextPath: string;
  routes: BackendRoute[];
}

/** A query as parsed: a value per name, an array when the name repeats, absent when not sent. */
export type QueryValues = Record<string, string | string[] | undefined>;

export type CallVerdict =
  | { kind: 'ok'; route: BackendRoute }
  /** No controller maps the path: Spring Boot's 404. */
  | { kind: 'unmapped' }
  /** The backend's 未知异常, with why. */
  | { kind: 'refused'; route: BackendRoute | null; reason: string };

interface Compiled {
  route: BackendRoute;
  regex: RegExp;
  /** Higher is more specific: exact paths before templates, fewer variables and no `**` first (Spring's order). */
  specificity: number;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(route: BackendRoute): Compiled {
  const segments = route.path.split('/');
  let variables = 0;
  let wildcard = false;
  const pattern = segments
    .map((segment) => {
      if (segment === '**') {
        wildcard = true;
        return '.*';
      }
      if (/^\{[^}]+\}$/.test(segment)) {
        variables++;
        return '[^/]+';
      }
      return escapeRegex(segment);
    })
    .join('/')
    .replace(/\/\.\*$/, '(?:/.*)?');
  // Spring's useTrailingSlashMatch: `/a/` matches `/a`.
  const regex = new RegExp(`^${pattern}/?$`);
  return {
    route,
    regex,
    specificity: (wildcard ? 0 : 1000) - variables * 10 + (variables === 0 && !wildcard ? 10000 : 0),
  };
}

/** Spring's conversion of one text value to a Java type; null when it converts, else why not. */
export function conversionError(type: string, value: string): string | null {
  const array = /^(?:(\w+)\[\]|List<(\w+)>|Set<(\w+)>)$/.exec(type);
  if (array) {
    // StringToArrayConverter: comma-separated, each element trimmed and converted.
    const element = array[1] ?? array[2] ?? array[3]!;
    if (value === '') return null;
    for (const item of value.split(',')) {
      const error = conversionError(element, item.trim());
      if (error) return error;
    }
    return null;
  }
  // An empty or blank value converts to null (StringToNumberConverterFactory, then CustomNumberEditor with
  // allowEmpty): fine for a wrapper, refused for a primitive. Spring 5.0 has no "required but null after
  // conversion" check (5.3 added it), so `?id=` passes a required Long as null.
  const blank = value.trim() === '';
  const primitive = /^(long|int|short|byte|double|float|boolean|char)$/.test(type);
  if (blank && !/^(String|Object|CharSequence)$/.test(type)) return primitive ? `'' is no ${type}` : null;
  // NumberUtils.parseNumber trims every whitespace character first.
  const text = value.replace(/\s+/g, '');
  const integer = (bits: number): string | null => {
    const hex = /^([-+]?)(?:0x|0X|#)([0-9a-fA-F]+)$/.exec(text);
    let n: bigint;
    if (hex) n = BigInt(`0x${hex[2]}`) * (hex[1] === '-' ? -1n : 1n);
    else if (/^[-+]?\d+$/.test(text)) n = BigInt(text);
    else return `'${value}' is no ${type}`;
    const limit = 1n << BigInt(bits - 1);
    return n >= -limit && n < limit ? null : `'${value}' is out of ${type}'s range`;
  };
  switch (type) {
    case 'String':
    case 'Object':
    case 'CharSequence':
    case 'MultipartFile':
      return null;
    case 'Long':
    case 'long':
      return integer(64);
    case 'Integer':
    case 'int':
      return integer(32);
    case 'Short':
    case 'short':
      return integer(16);
    case 'Byte':
    case 'byte':
      return integer(8);
    case 'BigInteger':
      return /^[-+]?\d+$/.test(text) ? null : `'${value}' is no BigInteger`;
    case 'BigDecimal':
      return /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text) ? null : `'${value}' is no BigDecimal`;
    case 'Double':
    case 'double':
    case 'Float':
    case 'float':
      return /^[-+]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[fFdD]?)$/.test(text)
        ? null
        : `'${value}' is no ${type}`;
    case 'Boolean':
    case 'boolean':
      return /^(true|false|on|off|yes|no|1|0)$/i.test(value.trim()) ? null : `'${value}' is no Boolean`;
    default:
      return `no rule to convert text to ${type}`;
  }
}

/** Why argument resolution refuses these query values for this route, or null when it accepts them. */
export function queryRefusal(route: BackendRoute, query: QueryValues): string | null {
  for (const param of route.params) {
    if (param.modelAttribute || param.type === 'MultipartFile') continue;
    const raw = query[param.name];
    if (raw === undefined) {
      if (param.required) return `required parameter '${param.name}' (${param.type}) is missing`;
      if (param.defaultValue === undefined && /^(long|int|short|byte|double|float|boolean|char)$/.test(param.type)) {
        return `optional ${param.type} '${param.name}' is missing (null for a primitive)`;
      }
      continue;
    }
    // A repeated name reaches a scalar parameter as its values comma-joined (ArrayToObject → String).
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    // `""` with a defaultValue becomes the default.
    if (value === '' && param.defaultValue !== undefined) continue;
    const error = conversionError(param.type, value);
    if (error) return `parameter '${param.name}': ${error}`;
  }
  return null;
}

export interface RouteIndex {
  /** The mapping Spring would pick for this method and path (context path already removed). */
  match(
    method: string,
    path: string,
  ): { route: BackendRoute; variables: string[] } | { methodMismatch: BackendRoute[] } | null;
  /** The route declared for exactly this Spring path and method. */
  declared(method: string, path: string): BackendRoute | undefined;
}

export function indexRoutes(table: BackendParamTable): RouteIndex {
  const compiled = table.routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  const allows = (route: BackendRoute, method: string): boolean =>
    route.methods.length === 0 ||
    route.methods.includes(method) ||
    (method === 'HEAD' && route.methods.includes('GET'));
  return {
    match(method, path) {
      const candidates = compiled.filter((c) => c.regex.test(path));
      if (candidates.length === 0) return null;
      const hit = candidates.find((c) => allows(c.route, method.toUpperCase()));
      if (!hit) return { methodMismatch: candidates.map((c) => c.route) };
      const variables = hit.route.path
        .split('/')
        .flatMap((seg, i) => (/^\{[^}]+\}$/.test(seg) ? [path.split('/')[i] ?? ''] : []));
      return { route: hit.route, variables };
    },
    declared(method, path) {
      return table.routes.find((r) => r.path === path && allows(r, method.toUpperCase()));
    },
  };
}

/** What jshERP-boot does with a call: answered by a mapping, Spring's 404, or the global handler's 未知异常. */
export function judgeCall(index: RouteIndex, method: string, path: string, query: QueryValues): CallVerdict {
  const found = index.match(method, path);
  if (!found) return { kind: 'unmapped' };
  if ('methodMismatch' in found) {
    const allowed = [...new Set(found.methodMismatch.flatMap((r) => r.methods))].join('/');
    return { kind: 'refused', route: null, reason: `${method} is not mapped (the backend maps ${allowed})` };
  }
  const { route, variables } = found;
  for (const [i, variable] of route.pathVariables.entries()) {
    const error = conversionError(variable.type, decodeURIComponent(variables[i] ?? ''));
    if (error) return { kind: 'refused', route, reason: `path variable '${variable.name}': ${error}` };
  }
  const reason = queryRefusal(route, query);
  return reason ? { kind: 'refused', route, reason } : { kind: 'ok', route };
}

/**
 * Paths the shell calls knowing jshERP-boot maps none of them, and handles the 404: the department switch, which
 * only the sandbox serves (docs/sandbox.md).
 */
export const SHELL_PATHS_BACKEND_LACKS: ReadonlySet<string> = new Set([
  '/sys/user/getCurrentUserDeparts',
  '/sys/selectDepart',
]);

/**
 * The wire guard's verdict on one call the shell made, by its URL as sent (path under the context path, query):
 * null when jshERP-boot would answer it, else why it would not. Calls outside the context path are not the
 * backend's (the page, assets, /gateway/*).
 */
export function refusalOfCall(index: RouteIndex, contextPath: string, method: string, url: string): string | null {
  const u = new URL(url, 'http://backend');
  if (!u.pathname.startsWith(`${contextPath}/`)) return null;
  const path = u.pathname.slice(contextPath.length);
  // The notices socket is the gateway's own (jshERP-boot has no websocket).
  if (SHELL_PATHS_BACKEND_LACKS.has(path) || path.startsWith('/websocket/')) return null;
  const verdict = judgeCall(index, method.toUpperCase(), path, queryValuesOf(u.searchParams));
  if (verdict.kind === 'unmapped') return 'no controller maps the path (Spring’s 404)';
  return verdict.kind === 'refused' ? verdict.reason : null;
}

/** A URLSearchParams as QueryValues (repeated names as arrays). */
export function queryValuesOf(search: URLSearchParams): QueryValues {
  const out: QueryValues = {};
  for (const [k, v] of search) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
