/**
 * `npm run bench -- chain`: what the chain watcher costs. A local EVM chain gets 10,000 blocks
 * holding 20,000 USDT transfers, 2,000 of them to 1,000 customers' addresses; the watcher then
 * catches up from the first of those blocks, once with 1,000 addresses allocated (the customers')
 * and once with 1,000,000 (the same customers among 999,000 others). Both runs credit the same
 * 2,000 deposits, so the difference between them is the cost of matching against more addresses,
 * which must stay flat: one indexed lookup per batch of logs, never a query per address.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { cents } from '../contract/money';
import { chainReader } from '../server/deposits/chain/rpc';
import { startLocalChain, units } from '../server/testing/chain/local-chain';
import { watchOnce } from '../server/deposits/chain/watcher';
import { createQueries } from '../server/query-groups';
import { openDatabase } from '../server/platform/database/database';

const BLOCKS = Number(process.env.CHAIN_BENCH_BLOCKS ?? 10_000);
const TRANSFERS_PER_BLOCK = 2;
const CUSTOMERS = 1_000;
const OURS_PER_CUSTOMER = 2;
const ALLOCATED = [1_000, 1_000_000];
const CONFIRMATIONS = 3;
const HOLDER = 'bench';
/** BIP-39's published test phrase at m/44'/60'/0' (the key's addresses are not used: bodies are random). */
const XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';

const body = () => randomBytes(20).toString('hex');

/** The recipients in order: every customer twice, the rest strangers, shuffled. */
function recipients(customers: readonly string[]): string[] {
  const total = BLOCKS * TRANSFERS_PER_BLOCK;
  const list = [...customers, ...customers];
  while (list.length < total) list.push(body());
  for (let index = list.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [list[index], list[other]] = [list[other] ?? '', list[index] ?? ''];
  }
  return list.slice(0, total);
}

/** A database with the network, the customers, and `allocated` addresses in all. */
async function prepared(
  dir: string,
  customers: readonly string[],
  allocated: number,
  contract: string,
  from: number,
  chainId: string,
) {
  const file = path.join(dir, 'wallet.db');
  const db = await openDatabase({ sqliteFile: file });
  await db.close();
  const raw = new Database(file);
  // The other addresses' customers do not exist: only the lookup among them is measured.
  raw.pragma('foreign_keys = OFF');
  const at = new Date().toISOString();
  raw.transaction(() => {
    const user = raw.prepare(
      `INSERT INTO users (id, account, account_key, email, email_key, password_hash, nickname, invite_code,
                          transfer_code, created_at)
       VALUES (?, ?, ?, ?, ?, 'x', ?, ?, ?, ?)`,
    );
    for (let id = 1; id <= customers.length; id += 1) {
      const account = `chain${id}`;
      user.run(
        id,
        account,
        account,
        `${account}@example.com`,
        `${account}@example.com`,
        account,
        `I${id}`,
        `T${id}`,
        at,
      );
    }
    raw
      .prepare('INSERT INTO chain_keys (id, kind, xpub, next_index, created_at) VALUES (1, ?, ?, ?, ?)')
      .run('evm', XPUB, allocated, at);
    const address = raw.prepare(
      'INSERT INTO chain_addresses (key_id, user_id, address_index, body, created_at) VALUES (1, ?, ?, ?, ?)',
    );
    for (let index = 0; index < allocated; index += 1) {
      address.run(index + 1, index, index < customers.length ? customers[index] : body(), at);
    }
  })();
  raw.close();
  const reopened = await openDatabase({ sqliteFile: file });
  const domain = { db: reopened, queries: createQueries(reopened), now: () => new Date() };
  await domain.queries.chain.insertNetwork(
    {
      type: 'BENCH',
      kind: 'evm',
      key_id: 1,
      rpc_urls: '[]',
      contract,
      decimals: 6,
      min_amount: cents(100),
      confirmations: CONFIRMATIONS,
      finalized_tag: 1,
      scanned_block: from,
      chain_id: chainId,
    },
    at,
  );
  return domain;
}

export async function runChainBench(): Promise<void> {
  const chain = await startLocalChain();
  try {
    const token = (await chain.deployToken(6)).replace(/^0x/, '');
    const customers = Array.from({ length: CUSTOMERS }, body);
    const to = recipients(customers);
    await chain.approveBatches(`0x${token}`, units('1', 6) * BigInt(to.length));
    const from = await chain.blockNumber();
    let started = performance.now();
    for (let block = 0; block < BLOCKS; block += 1) {
      const payments = to
        .slice(block * TRANSFERS_PER_BLOCK, (block + 1) * TRANSFERS_PER_BLOCK)
        .map((address) => ({ to: `0x${address}`, amount: units('1', 6) }));
      await chain.batchSend(`0x${token}`, payments);
    }
    await chain.mine(CONFIRMATIONS);
    const built = (performance.now() - started) / 1000;
    console.log(
      `chain: ${BLOCKS} blocks, ${to.length} transfers (${CUSTOMERS * OURS_PER_CUSTOMER} to ${CUSTOMERS} customers) built in ${built.toFixed(1)} s`,
    );

    const results: { allocated: number; seconds: number; credited: number }[] = [];
    for (const allocated of ALLOCATED) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bench-'));
      try {
        started = performance.now();
        const reader = chainReader({ urls: [chain.url] });
        const domain = await prepared(dir, customers, allocated, token, from, await reader.chainId());
        const setUp = (performance.now() - started) / 1000;
        const now = new Date();
        await domain.queries.chain.takeLease(
          'BENCH',
          HOLDER,
          now.toISOString(),
          new Date(now.getTime() + 3600e3).toISOString(),
        );
        started = performance.now();
        for (;;) {
          const network = await domain.queries.chain.network('BENCH');
          if (!network) throw new Error('no network');
          if ((await watchOnce(domain, { network, reader, holder: HOLDER })).caughtUp) break;
        }
        const seconds = (performance.now() - started) / 1000;
        const credited = (await domain.db.all("SELECT id FROM chain_deposits WHERE state = 'credited'")).length;
        results.push({ allocated, seconds, credited });
        console.log(
          `  ${allocated.toLocaleString('en')} allocated (set up in ${setUp.toFixed(1)} s): caught up in ${seconds.toFixed(2)} s, ${credited} credited`,
        );
        await domain.db.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    const [small, large] = results;
    if (!small || !large) return;
    const perBlock = (result: { seconds: number }) => (result.seconds * 1e6) / BLOCKS;
    const ratio = perBlock(large) / perBlock(small);
    const expected = CUSTOMERS * OURS_PER_CUSTOMER;
    const flat = ratio <= 1.5;
    const rows = [
      ['measure', 'value', 'budget', 'result'],
      [
        `catch up ${BLOCKS} blocks, ${to.length} transfers, against 1,000,000 addresses`,
        `${large.seconds.toFixed(2)} s`,
        '—',
        large.credited === expected ? `${large.credited} credited` : `FAILED: ${large.credited} of ${expected}`,
      ],
      ['per scanned block, 1,000 addresses', `${perBlock(small).toFixed(0)} µs`, '—', ''],
      ['per scanned block, 1,000,000 addresses', `${perBlock(large).toFixed(0)} µs`, '—', ''],
      ['1,000,000 ÷ 1,000 addresses, per block', ratio.toFixed(2), '≤ 1.50 (flat)', flat ? 'ok' : 'OVER'],
    ];
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
    if (!flat || large.credited !== expected || small.credited !== expected) process.exitCode = 1;
  } finally {
    await chain.close();
  }
}
