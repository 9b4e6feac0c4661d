// Login, captcha, logout and the user calls the shell makes right after login.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { liveUsers } from './state.js';
import type { SandboxState, UserRow } from './store.js';
import { BusinessException } from './wire.js';
import { LOGIN_OK_TIP } from '../../shared/backend.js';
import { perState } from './per-state.js';
import { isLive } from './store.js';

export const MD5_123456 = createHash('md5').update('123456').digest('hex');
/** Unchecked captchas kept at most (a bound against memory growth from anonymous requests). */
export const MAX_CAPTCHAS = 10_000;

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || String(v) === '';

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined ? null : text;
}

/** Tools.getIpAddr: X-Real-IP, else the first X-Forwarded-For entry, else the peer ('unknown' and '' skipped). */
function ipAddr(request: FastifyRequest): string {
  const usable = (v: string | null): v is string => v !== null && v !== '' && v.toLowerCase() !== 'unknown';
  const real = header(request, 'x-real-ip');
  if (usable(real)) return real;
  const forwarded = header(request, 'x-forwarded-for');
  if (usable(forwarded)) return forwarded.split(',')[0]!;
  return request.ip;
}

/**
 * Tools.getLocalIp, the address a session and the operation log record (and the same-second rule compares):
 * X-Real-IP when it equals X-Forwarded-For, else `<X-Real-IP>/<first X-Forwarded-For>` or
 * `<address>/<first X-Forwarded-For>`; the peer's address when neither is sent.
 */
export function clientIp(request: FastifyRequest): string {
  const forwarded = header(request, 'x-forwarded-for');
  const real = header(request, 'x-real-ip');
  if (real === null) return forwarded === null ? ipAddr(request) : `${ipAddr(request)}/${forwarded.split(',')[0]}`;
  if (real === forwarded) return real;
  return `${real}/${forwarded === null ? 'null' : forwarded.split(',')[0]}`;
}

export function pruneCaptchas(state: SandboxState, now: number): void {
  for (const [uuid, entry] of state.captchas) if (entry.expiresAt <= now) state.captchas.delete(uuid);
  while (state.captchas.size >= MAX_CAPTCHAS) {
    const oldest = state.captchas.keys().next().value;
    if (oldest === undefined) break;
    state.captchas.delete(oldest);
  }
}

export function captchaOn(state: SandboxState): boolean {
  return state.platformConfigs.find((p) => p.platform_key === 'checkcode_flag')?.platform_value === '1';
}

/** UserService.validateUser: the msgTip for a login attempt, in the real order of checks. */
export function validateUser(
  state: SandboxState,
  loginName: string,
  password: string,
): { tip: string; user?: UserRow } {
  // MySQL's utf8_general_ci makes both comparisons case-insensitive.
  const candidates = liveUsers(state).filter((u) => u.login_name.toLowerCase() === loginName.toLowerCase());
  if (candidates.length === 0) return { tip: 'user is not exist' };
  const first = candidates[0]!;
  if (candidates.length === 1 && first.status !== 0) return { tip: 'user is black' };
  const tenant = state.tenants.find((t) => t.tenant_id === first.tenant_id && isLive(t));
  if (tenant && tenant.enabled !== 1) return { tip: 'tenant is black' };
  if (tenant && tenant.expire_time && tenant.expire_time.getTime() < state.clock.ms())
    return { tip: 'tenant is expire' };
  const user = candidates.find((u) => u.status === 0 && u.password.toLowerCase() === password.toLowerCase());
  if (!user) return { tip: 'user password error' };
  return { tip: LOGIN_OK_TIP, user };
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeSessionKit(state: SandboxState) {
  /** UserService.validateCaptcha: only when checkcode_flag is '1'; the entry goes whether it matched or not. */
  const checkCaptcha = (body: Record<string, unknown>): void => {
    if (!captchaOn(state)) return;
    if (isEmpty(body.code) || isEmpty(body.uuid)) throw new BusinessException(500012, '验证码不能为空');
    const uuid = String(body.uuid);
    const entry = state.captchas.get(uuid);
    state.captchas.delete(uuid);
    if (!entry || entry.expiresAt <= state.clock.ms()) throw new BusinessException(500011, '验证码已失效');
    if (String(body.code).trim().toLowerCase() !== entry.code.toLowerCase())
      throw new BusinessException(500010, '验证码错误');
  };

  return { checkCaptcha };
}

export const sessionKit = perState(makeSessionKit);
