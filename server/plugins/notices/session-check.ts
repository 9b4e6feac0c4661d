// Who holds a session token: asked of the upstream, remembered briefly per token so reconnect storms and
// many tabs do not turn into upstream calls. Only live and expired answers are remembered, never failures.

import { createHash } from 'node:crypto';
import { isTokenShaped, tenantOfToken } from '../../lib/session-token.js';
import type { UpstreamCalls } from './upstream-calls.js';

export type SessionVerdict =
  | { kind: 'live'; userId: number; tenantId: string }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'unavailable' };

/** A stable, non-reversible name for a token, safe to put on the bus or in a log. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 24);
}

interface Remembered {
  verdict: SessionVerdict;
  until: number;
}

export class SessionCheck {
  private readonly remembered = new Map<string, Remembered>();
  private readonly inFlight = new Map<string, Promise<SessionVerdict>>();

  constructor(
    private readonly upstream: UpstreamCalls,
    private readonly rememberMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  async check(token: string): Promise<SessionVerdict> {
    if (!isTokenShaped(token)) return { kind: 'invalid' };
    const key = tokenId(token);
    const hit = this.remembered.get(key);
    if (hit && hit.until > Date.now()) return hit.verdict;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const asking = this.ask(token, key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, asking);
    return asking;
  }

  /** Remember that a token's session is gone (a poll found it, or a logout went through, on any replica). */
  markExpired(id: string): void {
    this.inFlight.delete(id);
    this.remember(id, { kind: 'expired' });
  }

  private async ask(token: string, key: string): Promise<SessionVerdict> {
    const answer = await this.upstream.sessionUser(token);
    let verdict: SessionVerdict;
    if (answer.kind === 'ok') verdict = { kind: 'live', userId: answer.value.userId, tenantId: tenantOfToken(token) };
    else if (answer.kind === 'expired') verdict = { kind: 'expired' };
    else return { kind: 'unavailable' };
    this.remember(key, verdict);
    return verdict;
  }

  private remember(key: string, verdict: SessionVerdict): void {
    this.remembered.delete(key);
    this.remembered.set(key, { verdict, until: Date.now() + this.rememberMs });
    // Bounded: evict the oldest entries (Map keeps insertion order).
    while (this.remembered.size > this.maxEntries) {
      const oldest = this.remembered.keys().next().value;
      if (oldest === undefined) break;
      this.remembered.delete(oldest);
    }
  }
}
