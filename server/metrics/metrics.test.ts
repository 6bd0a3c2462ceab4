import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { call, pendingRecharge, post, signUp, startTestServer, type TestServer } from '../testing/test-support';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The value of one series in Prometheus's text, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests, refusals, failed sign-ins, the queue, sockets, transactions and the process, on loopback only', async () => {
    const port = await freePort();
    server = await startTestServer({
      demo: true,
      limits: { requestsPerMinute: 40 },
      metrics: { host: '127.0.0.1', port },
    });
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.headers.get('content-type')).toContain('text/plain');
      return response.text();
    };
    const user = await signUp(server);
    await call(server, 'userinfo/get-money-info', {}, user.token);
    await pendingRecharge(server, user, '15');
    expect((await post(server, 'user/login', { account: user.user.account, password: 'not-the-password1' })).code).toBe(
      400,
    );
    expect((await server.app.inject({ url: '/no-such-call' })).statusCode).toBe(404);
    let refused = 0;
    for (let ask = 0; ask < 60 && refused === 0; ask += 1) {
      if ((await post(server, 'userinfo/get-money-info', {}, { token: user.token })).code === 429) refused += 1;
    }
    expect(refused).toBe(1);

    const text = await scrape();
    expect(valueOf(text, 'wallet_http_requests_total{call="userinfo/get-money-info",status="200"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'wallet_rate_limit_refusals_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'wallet_sign_in_failures_total')).toBe(1);
    // The demo's own recharge and this one.
    expect(valueOf(text, 'wallet_review_queue_length{kind="recharge"}')).toBe(2);
    expect(valueOf(text, 'wallet_review_queue_length{kind="withdraw"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'wallet_live_sockets')).toBe(0);
    expect(valueOf(text, 'wallet_push_deliveries_due')).toBe(0);
    // The scrape's own reads may be waiting for a pool connection at that moment.
    expect(valueOf(text, 'wallet_db_waiting')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'wallet_db_transaction_duration_seconds_count')).toBeGreaterThan(0);
    // Every request above sent statements, and so does a scrape (the queue's counts, the notices due).
    const statements = valueOf(text, 'wallet_db_statements_total');
    expect(statements).toBeGreaterThan(3);
    expect(valueOf(await scrape(), 'wallet_db_statements_total')).toBeGreaterThan(
      statements ?? Number.POSITIVE_INFINITY,
    );
    expect(valueOf(text, 'wallet_http_request_duration_seconds_count{call="userinfo/get-money-info"}')).toBeGreaterThan(
      0,
    );
    expect(text).toContain('# TYPE wallet_chain_watcher_lag_blocks gauge');
    expect(valueOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    // A caller's made-up path is one label, not one per path.
    expect(text).toMatch(/^wallet_http_requests_total\{call="unmatched",status="404"\} 1$/m);
    expect(text).not.toContain('no-such-call');
    // Not on the public port without a token (its answer here is the limit's refusal, or a 404).
    expect((await server.app.inject({ url: '/metrics' })).body).not.toContain('wallet_');
  });

  it('says in one warning that METRICS_PORT is taken, by the time the server is up, and serves all the same', async () => {
    const port = await freePort();
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      const lines: { level: number; msg: string }[] = [];
      server = await startTestServer({
        metrics: { host: '127.0.0.1', port },
        logStream: { write: (line) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
      });
      const about = lines.filter((line) => line.msg.includes('metrics'));
      expect(about).toEqual([{ ...about[0], level: 40 }]);
      expect(about[0]?.msg).toBe(
        `metrics not served: 127.0.0.1:${port} is taken; set METRICS_PORT to a free port, or to off`,
      );
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('is on the public port only for a bearer of METRICS_TOKEN', async () => {
    const token = 'metrics-token-0123456789abcdef';
    server = await startTestServer({ metricsToken: token });
    expect((await server.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123' } });
    expect(wrong.statusCode).toBe(401);
    const right = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('wallet_http_requests_total');
  });
});
