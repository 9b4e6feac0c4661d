// Calls started ahead of their reader: taken once, and never handed to a reader of the next session.
import { describe, expect, it } from 'vitest';
import { startEarlyCall, takeEarlyCall } from '../../lib/early-calls';
import { closeSessionCalls } from '../../lib/http';
import { signIn } from '../helpers/session';

describe('early calls', () => {
  it('are taken once by their reader', async () => {
    signIn();
    startEarlyCall('home statistics', () => Promise.resolve('first'));
    await expect(takeEarlyCall('home statistics')?.promise).resolves.toBe('first');
    expect(takeEarlyCall('home statistics')).toBeUndefined();
  });

  it('end with their session: the next session starts its own and its reader gets that one', async () => {
    signIn();
    let firstSignal: AbortSignal | undefined;
    startEarlyCall('home statistics', (signal) => {
      firstSignal = signal;
      return new Promise(() => {});
    });
    closeSessionCalls();
    expect(firstSignal?.aborted, "the ended session's call is stopped").toBe(true);

    signIn();
    startEarlyCall('home statistics', () => Promise.resolve('second session'));
    await expect(takeEarlyCall('home statistics')?.promise).resolves.toBe('second session');
  });
});
