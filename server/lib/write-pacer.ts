// Slots for writes that must not follow each other too closely (plugins/write-pacing.ts says which and why).
// A key is held by one write at a time; when its answer arrives the key stays closed for that key's gap, measured
// from that moment. The next write of the key waits for both, in arrival order.
//
// Within one process the slots are in memory. With Redis (gateway replicas behind one load balancer) a slot is
// also taken in Redis, whose clock then measures every gap for all replicas alike; a Redis that fails or stalls is
// skipped for a while (the write goes on with this process's slot), so a click is never lost to it.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface PacedKey {
  key: string;
  /** How long the key stays closed after the write's answer. */
  gapMs: number;
}

/** Gives the keys back: `answered` is false when the write never reached the backend (no gap then). */
export type ReleaseSlots = (answered: boolean) => void;

export interface WritePacer {
  /** Waits until every key is free, then holds them. Rejects with the signal's reason when it aborts. */
  acquire(keys: readonly PacedKey[], signal: AbortSignal): Promise<ReleaseSlots>;
  /** Closes a key for its gap from now, as a write answered just now would (the login's own log row). */
  close(key: PacedKey): void;
  /** Writes waiting for a slot now (metrics). */
  waiting(): number;
}

interface Slot {
  held: boolean;
  /** Date.now() before which the key is closed. */
  closedUntil: number;
  queue: Array<() => void>;
  sweep: NodeJS.Timeout | null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The slots of this process. */
class LocalSlots {
  private readonly slots = new Map<string, Slot>();
  private queued = 0;

  private slot(key: string): Slot {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { held: false, closedUntil: 0, queue: [], sweep: null };
      this.slots.set(key, slot);
    }
    if (slot.sweep) {
      clearTimeout(slot.sweep);
      slot.sweep = null;
    }
    return slot;
  }

  async take(key: string, signal: AbortSignal): Promise<void> {
    const slot = this.slot(key);
    if (slot.held) {
      this.queued += 1;
      try {
        await new Promise<void>((resolve, reject) => {
          const onAbort = (): void => {
            const at = slot.queue.indexOf(turn);
            if (at >= 0) slot.queue.splice(at, 1);
            reject(signal.reason);
          };
          const turn = (): void => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
          if (signal.aborted) {
            reject(signal.reason);
            return;
          }
          slot.queue.push(turn);
          signal.addEventListener('abort', onAbort, { once: true });
        });
      } finally {
        this.queued -= 1;
      }
      // Handed over by give(): held for us already.
    } else slot.held = true;
    const wait = slot.closedUntil - Date.now();
    if (wait > 0) {
      try {
        await sleep(wait, signal);
      } catch (error) {
        this.give(key, null);
        throw error;
      }
    }
  }

  give(key: string, gapMs: number | null): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    if (gapMs !== null) slot.closedUntil = Math.max(slot.closedUntil, Date.now() + gapMs);
    const next = slot.queue.shift();
    if (next) {
      next();
      return;
    }
    slot.held = false;
    this.forgetLater(key, slot);
  }

  close(key: string, gapMs: number): void {
    const slot = this.slot(key);
    slot.closedUntil = Math.max(slot.closedUntil, Date.now() + gapMs);
    if (!slot.held) this.forgetLater(key, slot);
  }

  private forgetLater(key: string, slot: Slot): void {
    const wait = Math.max(0, slot.closedUntil - Date.now());
    slot.sweep = setTimeout(() => {
      if (!slot.held && slot.queue.length === 0) this.slots.delete(key);
    }, wait);
    slot.sweep.unref();
  }

  waiting(): number {
    return this.queued;
  }

  size(): number {
    return this.slots.size;
  }
}

// A key's value in Redis: `held:<owner>` while a write holds it (expiring after the longest a write may take), then
// `closed` for the gap. Redis's own clock measures both, the same for every replica.
const TAKE = `
local value = redis.call('GET', KEYS[1])
if not value then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 0
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then ttl = 1 end
if value == 'closed' then return ttl end
return -ttl
`;
const GIVE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then
    redis.call('SET', KEYS[1], 'closed', 'PX', ARGV[2])
  else
    redis.call('DEL', KEYS[1])
  end
end
return 0
`;
const CLOSE = `redis.call('SET', KEYS[1], 'closed', 'PX', ARGV[1]) return 0`;

export interface WritePacerOptions {
  redis?: Redis | null;
  /** The longest a write may hold a key (its backend call's deadline): a replica that dies holding one frees it then. */
  holdMs: number;
  /** How often a write waiting on another replica's held key asks again. */
  pollMs?: number;
  /** After a failed Redis call, how long this process paces alone. */
  redisPauseMs?: number;
  onRedisError?: (error: Error) => void;
  keyPrefix?: string;
}

export function createWritePacer(options: WritePacerOptions): WritePacer & { localSize(): number } {
  const local = new LocalSlots();
  const redis = options.redis ?? null;
  const pollMs = options.pollMs ?? 50;
  const pauseMs = options.redisPauseMs ?? 5_000;
  const prefix = options.keyPrefix ?? 'write-pacing:';
  let redisPausedUntil = 0;

  const redisUsable = (): boolean => redis !== null && Date.now() >= redisPausedUntil;
  const redisFailed = (error: Error): void => {
    redisPausedUntil = Date.now() + pauseMs;
    options.onRedisError?.(error);
  };

  /** Takes the key in Redis too; false when Redis could not be asked (the local slot alone then). */
  async function takeShared(key: string, owner: string, signal: AbortSignal): Promise<boolean> {
    for (;;) {
      if (!redisUsable()) return false;
      let answer: number;
      try {
        answer = Number(await redis!.eval(TAKE, 1, prefix + key, owner, String(options.holdMs)));
      } catch (error) {
        redisFailed(error as Error);
        return false;
      }
      if (answer === 0) return true;
      await sleep(answer > 0 ? answer : Math.min(-answer, pollMs), signal);
    }
  }

  function giveShared(key: string, owner: string, gapMs: number): void {
    redis!.eval(GIVE, 1, prefix + key, owner, String(gapMs)).catch(redisFailed);
  }

  return {
    async acquire(keys, signal) {
      // One order for everyone, so two writes needing the same two keys never hold one each.
      const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const held: Array<{ key: PacedKey; owner: string | null }> = [];
      const release = (answered: boolean): void => {
        for (const { key, owner } of held) {
          const gap = answered ? key.gapMs : null;
          local.give(key.key, gap);
          if (owner) giveShared(key.key, owner, gap ?? 0);
        }
        held.length = 0;
      };
      try {
        for (const key of sorted) {
          await local.take(key.key, signal);
          held.push({ key, owner: null });
          const owner = `held:${randomUUID()}`;
          if (await takeShared(key.key, owner, signal)) held[held.length - 1]!.owner = owner;
        }
      } catch (error) {
        release(false);
        throw error;
      }
      let released = false;
      return (answered) => {
        if (released) return;
        released = true;
        release(answered);
      };
    },
    close(key) {
      local.close(key.key, key.gapMs);
      if (redisUsable()) redis!.eval(CLOSE, 1, prefix + key.key, String(key.gapMs)).catch(redisFailed);
    },
    waiting: () => local.waiting(),
    localSize: () => local.size(),
  };
}
