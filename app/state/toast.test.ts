// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { store } from './store';
import { NOTIFY_MS, TOAST_MS, showNotify, showToast, toastsAtom } from './toast';

beforeEach(() => {
  vi.useFakeTimers();
  store.set(toastsAtom, []);
});
afterEach(() => {
  vi.useRealTimers();
});

const texts = () => store.get(toastsAtom).map((item) => `${item.kind}:${item.text ?? item.message ?? ''}`);

describe('toast and notify', () => {
  it('shows a toast for 2 s and a notify for 3 s', () => {
    expect(TOAST_MS).toBe(2000);
    expect(NOTIFY_MS).toBe(3000);
    showToast('saved');
    showNotify('order completed');
    expect(texts()).toEqual(['toast:saved', 'notify:order completed']);
    vi.advanceTimersByTime(1999);
    expect(texts()).toEqual(['toast:saved', 'notify:order completed']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual(['notify:order completed']);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual([]);
  });

  it('lets a newer toast replace the one showing, for its own full 2 s', () => {
    showToast('first');
    vi.advanceTimersByTime(1500);
    showToast({ message: 'network-error' });
    expect(texts()).toEqual(['toast:network-error']);
    vi.advanceTimersByTime(600);
    expect(texts()).toEqual(['toast:network-error']);
    vi.advanceTimersByTime(1400);
    expect(texts()).toEqual([]);
  });
});
