// Login, captcha, logout and the user calls the shell makes right after login.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { liveUsers } from './state.js';
import type { SandboxState, UserRow } from './store.js';
import { BusinessException } from './wire.js';

export const MD5_123456 = createHash('md5').update('123456').digest('hex');
/** Unchecked captchas kept at most (a bound against memory growth from anonymous requests). */
export const MAX_CAPTCHAS = 10_000;

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || String(v) === '';

export function clientIp(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.ip;
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
  const tenant = state.tenants.find((t) => t.tenant_id === first.tenant_id && t.delete_flag !== '1');
  if (tenant && tenant.enabled !== 1) return { tip: 'tenant is black' };
  if (tenant && tenant.expire_time && tenant.expire_time.getTime() < state.clock.ms())
    return { tip: 'tenant is expire' };
  const user = candidates.find((u) => u.status === 0 && u.password.toLowerCase() === password.toLowerCase());
  if (!user) return { tip: 'user password error' };
  return { tip: 'user can login', user };
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

const kits = new WeakMap<SandboxState, ReturnType<typeof makeSessionKit>>();

export function sessionKit(state: SandboxState): ReturnType<typeof makeSessionKit> {
  let kit = kits.get(state);
  if (!kit) {
    kit = makeSessionKit(state);
    kits.set(state, kit);
  }
  return kit;
}
