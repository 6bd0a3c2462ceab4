// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://ops.example.com/console/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from '../state/live';
import { openLive, reconnectDelay } from './live';

/** A socket the test drives: it opens, speaks and closes when told. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  drop() {
    this.dispatchEvent(new Event('close'));
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live socket', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('connects to the live path on this origin, wss: under https:', () => {
    const stop = openLive({ onQueueChanged: () => undefined, onStatus: () => undefined });
    expect(latest().url).toBe('wss://ops.example.com/api/console/live');
    stop();
  });

  it('answers a ping with a pong and reports a queue change', () => {
    const changed = vi.fn();
    const statuses: LiveStatus[] = [];
    const stop = openLive({ onQueueChanged: changed, onStatus: (status) => statuses.push(status) });
    latest().open();
    latest().receive('{"type":"ping"}');
    expect(latest().sent).toEqual(['{"type":"pong"}']);
    expect(changed).not.toHaveBeenCalled();
    latest().receive('{"type":"queue"}');
    latest().receive('not json');
    latest().receive('{"type":"other"}');
    expect(changed).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'live']);
    stop();
  });

  it('reconnects after drops with growing waits, reading the queue again each time', () => {
    const changed = vi.fn();
    const stop = openLive({ onQueueChanged: changed, onStatus: () => undefined });
    const waits: number[] = [];
    for (let drop = 0; drop < 7; drop += 1) {
      const before = FakeSocket.all.length;
      latest().drop();
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(changed).toHaveBeenCalledTimes(7);
    stop();
  });

  it('starts the back-off over once a socket has stayed up', () => {
    const stop = openLive({ onQueueChanged: () => undefined, onStatus: () => undefined });
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().drop();
    vi.advanceTimersByTime(2000);
    latest().open();
    vi.advanceTimersByTime(10_000);
    const before = FakeSocket.all.length;
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all.length).toBe(before + 1);
    stop();
  });

  it('stops for good when told: no reconnect after sign-out', () => {
    const stop = openLive({ onQueueChanged: () => undefined, onStatus: () => undefined });
    const socket = latest();
    stop();
    expect(socket.closed).toBe(true);
    socket.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
