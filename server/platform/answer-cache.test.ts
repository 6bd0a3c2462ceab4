import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

function reader() {
  let reads = 0;
  return {
    read: async () => {
      reads += 1;
      return `answer ${reads}`;
    },
    reads: () => reads,
  };
}

describe('answers kept for every caller', () => {
  it('serves a kept answer while the database holds, and reads again after any commit or a second', async () => {
    let version = '1:0';
    let now = new Date('2026-11-25T10:00:00.000Z');
    const cache = createAnswerCache<string>({ commitVersion: () => version }, () => now);
    const source = reader();
    expect(await cache.through('page 1', source.read)).toBe('answer 1');
    expect(await cache.through('page 1', source.read)).toBe('answer 1');
    expect(await cache.through('page 2', source.read)).toBe('answer 2');
    version = '1:1';
    expect(await cache.through('page 1', source.read)).toBe('answer 3');
    now = new Date(now.getTime() + 999);
    expect(await cache.through('page 1', source.read)).toBe('answer 3');
    now = new Date(now.getTime() + 1);
    expect(await cache.through('page 1', source.read)).toBe('answer 4');
    expect(source.reads()).toBe(4);
  });

  it('keeps nothing where the database cannot tell when others commit, nor an answer that failed', async () => {
    const cache = createAnswerCache<string>({}, () => new Date());
    const source = reader();
    await cache.through('page 1', source.read);
    await cache.through('page 1', source.read);
    expect(source.reads()).toBe(2);

    const kept = createAnswerCache<string>({ commitVersion: () => '1:0' }, () => new Date());
    await expect(kept.through('page 1', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await kept.through('page 1', source.read)).toBe('answer 3');
  });
});
