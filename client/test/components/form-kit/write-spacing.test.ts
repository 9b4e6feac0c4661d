import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spacedWrite, WRITE_SPACING_MS, writeModule } from '../../../components/form-kit/write-spacing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spacedWrite', () => {
  it('names the module by the first path segment', () => {
    expect(writeModule('/person/add')).toBe('person');
    expect(writeModule('/depot/updateIsDefault?x=1')).toBe('depot');
  });

  it('sends a second write of one module only a full spacing after the first, and other modules at once', async () => {
    const sent: string[] = [];
    const write = (name: string) => async () => {
      sent.push(name);
      return name;
    };
    const first = spacedWrite('/spacing-a/add', write('a1'));
    const second = spacedWrite('/spacing-a/updateIsDefault', write('a2'));
    const third = spacedWrite('/spacing-a/update', write('a3'));
    const other = spacedWrite('/spacing-b/add', write('b1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a1', 'b1']);
    await vi.advanceTimersByTimeAsync(WRITE_SPACING_MS - 1);
    expect(sent).toEqual(['a1', 'b1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['a1', 'b1', 'a2']);
    await vi.advanceTimersByTimeAsync(WRITE_SPACING_MS);
    expect(sent).toEqual(['a1', 'b1', 'a2', 'a3']);
    await expect(Promise.all([first, second, third, other])).resolves.toEqual(['a1', 'a2', 'a3', 'b1']);
  });

  it('does not hold a write that comes after the spacing has passed', async () => {
    const sent: string[] = [];
    await spacedWrite('/spacing-c/add', async () => sent.push('c1'));
    await vi.advanceTimersByTimeAsync(WRITE_SPACING_MS);
    void spacedWrite('/spacing-c/add', async () => sent.push('c2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['c1', 'c2']);
  });

  it('holds no write for long after the clock was set back', async () => {
    let clock = 5_000_000;
    const sent: string[] = [];
    await spacedWrite(
      '/spacing-d/add',
      async () => sent.push('d1'),
      () => clock,
    );
    clock -= 3_600_000; // an hour back
    void spacedWrite(
      '/spacing-d/add',
      async () => sent.push('d2'),
      () => clock,
    );
    await vi.advanceTimersByTimeAsync(10 * WRITE_SPACING_MS);
    expect(sent).toEqual(['d1', 'd2']);
  });
});
