import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/server';
import { startTestServer } from '../testing/test-support';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('deploy/', () => {
  it('is what docs/operations.md shows: the balancer configurations word for word', () => {
    const readme = read('docs/operations.md');
    expect(readme).toContain(read('deploy/haproxy.cfg').trimEnd());
    expect(readme).toContain(read('deploy/nginx.conf').trimEnd());
  });

  it('names in the dashboard and the alert rules only series a node serves', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const server = await startTestServer({ metricsToken: token });
    try {
      const reply = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      const declared = new Set([...reply.body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
      const named = ['deploy/grafana-dashboard.json', 'deploy/prometheus-alerts.yml'].flatMap((file) =>
        [...read(file).matchAll(/\b(?:wallet|nodejs|process)_[a-z0-9_]+/g)].map(([name]) => name),
      );
      const missing = named.filter(
        (name) => !declared.has(name) && !declared.has(name.replace(/_(bucket|count|sum)$/, '')),
      );
      expect(named.length).toBeGreaterThan(20);
      expect([...new Set(missing)]).toEqual([]);
      expect(JSON.parse(read('deploy/grafana-dashboard.json'))).toMatchObject({ uid: 'usdt-wallet' });
    } finally {
      await server.close();
    }
  });
});
