import type { ChainKind, DepositState } from '../../../contract/rules';
import type { SqlRunner } from '../../platform/database/sql';

export interface ChainKeyRow {
  id: number;
  kind: ChainKind;
  xpub: string;
  next_index: number;
  created_at: string;
}

export interface ChainNetworkRow {
  type: string;
  kind: ChainKind;
  key_id: number;
  /** JSON array of the node URLs, tried in turn. */
  rpc_urls: string;
  /** The USDT contract's 20 bytes, lower-case hex. */
  contract: string;
  decimals: number;
  min_amount: number;
  confirmations: number;
  finalized_tag: 0 | 1;
  position: number;
  scanned_block: number;
  /** The chain's id as its nodes answer eth_chainId (hex), checked on every pass. */
  chain_id: string;
  /** The hash of block scanned_block when the mark moved there; null before the first move. */
  scanned_hash: string | null;
  head_block: number | null;
  final_block: number | null;
  checked_at: string | null;
  advanced_at: string | null;
  rpc_in_use: string;
  last_error: string;
  lease_holder: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

export type NewChainNetwork = Pick<
  ChainNetworkRow,
  | 'type'
  | 'kind'
  | 'key_id'
  | 'rpc_urls'
  | 'contract'
  | 'decimals'
  | 'min_amount'
  | 'confirmations'
  | 'finalized_tag'
  | 'scanned_block'
  | 'chain_id'
>;

/** What an admin may change on a network once it is watched (its key and contract stay). */
export type ChainNetworkChange = Pick<
  ChainNetworkRow,
  'type' | 'rpc_urls' | 'min_amount' | 'confirmations' | 'finalized_tag'
>;

/** A shared receiving address whose proofs are checked on the chain, and how. */
export interface ChainCheckRow {
  type: string;
  kind: ChainKind;
  rpc_urls: string;
  contract: string;
  decimals: number;
  confirmations: number;
  finalized_tag: 0 | 1;
  chain_id: string;
  created_at: string;
  updated_at: string;
}

export interface ChainBlockRow {
  number: number;
  hash: string;
  parent_hash: string;
}

export interface ChainDepositRow {
  id: number;
  network: string;
  tx_hash: string;
  log_position: number;
  block_number: number;
  block_hash: string;
  from_body: string;
  to_body: string;
  user_id: number;
  amount_units: string;
  amount: number;
  remainder_units: string;
  state: DepositState;
  confirmations: number;
  seen_at: string;
  credited_at: string | null;
}

export type NewChainDeposit = Omit<ChainDepositRow, 'id' | 'credited_at'>;

/** Dust counted at one address: transfers below the dust level, never listed one by one. */
export interface ChainDustRow {
  network: string;
  to_body: string;
  user_id: number;
  transfers: number;
  /** Their sum in the token's units, as decimal text. */
  amount_units: string;
  last_block: number;
  last_seen_at: string;
}

/** Addresses looked up per statement: one prepared text whatever a batch of logs holds. */
export const BODIES_PER_STATEMENT = 200;

const OWNERS_OF = `
  SELECT body, user_id FROM chain_addresses
  WHERE key_id = ? AND body IN (${Array<string>(BODIES_PER_STATEMENT).fill('?').join(', ')})`;

/** Keys, the addresses given under them, and the proof checks set up. */
function chainAddressQueries(db: SqlRunner) {
  return {
    keyByXpub: (xpub: string) => db.get<ChainKeyRow>('SELECT * FROM chain_keys WHERE xpub = ?', [xpub]),
    keyById: (id: number) => db.get<ChainKeyRow>('SELECT * FROM chain_keys WHERE id = ?', [id]),
    insertKey: (kind: ChainKind, xpub: string, at: string) =>
      db.insert('INSERT INTO chain_keys (kind, xpub, created_at) VALUES (?, ?, ?)', [kind, xpub, at]),

    /** A customer's address on each watched network that has one, in the networks' order (EVM networks may share one). */
    addressesOf: (userId: number) =>
      db.all<{ type: string; kind: ChainNetworkRow['kind']; body: string }>(
        `SELECT chain_networks.type, chain_networks.kind, chain_addresses.body
         FROM chain_networks
         JOIN chain_addresses ON chain_addresses.key_id = chain_networks.key_id AND chain_addresses.user_id = ?
         ORDER BY chain_networks.position, chain_networks.type`,
        [userId],
      ),
    /** The customer's address under a key, if they were given one. */
    addressOf: (keyId: number, userId: number) =>
      db.get<{ address_index: number; body: string }>(
        'SELECT address_index, body FROM chain_addresses WHERE key_id = ? AND user_id = ?',
        [keyId, userId],
      ),
    /**
     * The key's next unused index, taken: under the key row's write lock, so two customers never
     * get one index, and an index once taken is never given again (even if its transaction fails
     * later, the worst is a gap).
     */
    takeIndex: async (keyId: number) => {
      const row = await db.get<{ taken: number }>(
        'UPDATE chain_keys SET next_index = next_index + 1 WHERE id = ? RETURNING next_index - 1 AS taken',
        [keyId],
      );
      if (!row) throw new Error(`no chain key ${keyId}`);
      return row.taken;
    },
    insertAddress: (row: {
      key_id: number;
      user_id: number;
      address_index: number;
      body: string;
      created_at: string;
    }) =>
      db.run(
        `INSERT INTO chain_addresses (key_id, user_id, address_index, body, created_at)
         VALUES (@key_id, @user_id, @address_index, @body, @created_at)`,
        row,
      ),
    /** Which of these address bodies (up to BODIES_PER_STATEMENT) are customers' under the key. */
    ownersOf: async (keyId: number, bodies: readonly string[]) => {
      if (bodies.length > BODIES_PER_STATEMENT)
        throw new Error(`at most ${BODIES_PER_STATEMENT} addresses per statement`);
      const padded = [...bodies, ...Array<string>(BODIES_PER_STATEMENT - bodies.length).fill('')];
      const rows = await db.all<{ body: string; user_id: number }>(OWNERS_OF, [keyId, ...padded]);
      return new Map(rows.map((row) => [row.body, row.user_id]));
    },

    checks: () => db.all<ChainCheckRow>('SELECT * FROM chain_checks ORDER BY type'),
    check: (type: string) => db.get<ChainCheckRow>('SELECT * FROM chain_checks WHERE type = ?', [type]),
    insertCheck: (row: Omit<ChainCheckRow, 'created_at' | 'updated_at'>, at: string) =>
      db.run(
        `INSERT INTO chain_checks (type, kind, rpc_urls, contract, decimals, confirmations, finalized_tag, chain_id,
                                   created_at, updated_at)
         VALUES (@type, @kind, @rpc_urls, @contract, @decimals, @confirmations, @finalized_tag, @chain_id, @at, @at)`,
        { ...row, at },
      ),
  };
}

/** The watched networks and what the watcher keeps of each: its lease, its mark, the blocks above the final edge. */
function chainNetworkQueries(db: SqlRunner) {
  return {
    networks: () => db.all<ChainNetworkRow>('SELECT * FROM chain_networks ORDER BY position, type'),
    network: (type: string) => db.get<ChainNetworkRow>('SELECT * FROM chain_networks WHERE type = ?', [type]),
    /** Records the chain id of a network that had none (watched before ids were kept). */
    adoptChainId: (type: string, chainId: string) =>
      db.run("UPDATE chain_networks SET chain_id = ? WHERE type = ? AND chain_id = ''", [chainId, type]),
    /** The type a chain's contract is watched under already, if it is. */
    watchedAs: async (chainId: string, contract: string) =>
      (
        await db.get<{ type: string }>('SELECT type FROM chain_networks WHERE chain_id = ? AND contract = ?', [
          chainId,
          contract,
        ])
      )?.type,
    insertNetwork: (row: NewChainNetwork, at: string) =>
      db.run(
        `INSERT INTO chain_networks (type, kind, key_id, rpc_urls, contract, decimals, min_amount, confirmations,
                                     finalized_tag, position, scanned_block, chain_id, created_at, updated_at)
         VALUES (@type, @kind, @key_id, @rpc_urls, @contract, @decimals, @min_amount, @confirmations, @finalized_tag,
                 (SELECT COALESCE(MAX(position), 0) + 1 FROM chain_networks), @scanned_block, @chain_id, @at, @at)`,
        { ...row, at },
      ),
    changeNetwork: async (change: ChainNetworkChange, at: string) =>
      (await db.run(
        `UPDATE chain_networks SET rpc_urls = @rpc_urls, min_amount = @min_amount, confirmations = @confirmations,
                finalized_tag = @finalized_tag, updated_at = @at
         WHERE type = @type`,
        { ...change, at },
      )) === 1,

    /**
     * Starts a network's scan again at a block, forgetting the blocks kept above it: for a local
     * chain begun anew (`npm run chain`), never for a real one, whose blocks never go away.
     */
    rescanFrom: async (type: string, scannedBlock: number) => {
      await db.run('UPDATE chain_networks SET scanned_block = ?, scanned_hash = NULL WHERE type = ?', [
        scannedBlock,
        type,
      ]);
      await db.run('DELETE FROM chain_blocks WHERE network = ?', [type]);
    },
    /** The watcher's lease on a network: taken when free, expired, or already this holder's. */
    takeLease: async (type: string, holder: string, now: string, until: string) =>
      (await db.run(
        `UPDATE chain_networks SET lease_holder = @holder, lease_until = @until
         WHERE type = @type AND (lease_holder IS NULL OR lease_holder = @holder OR lease_until <= @now)`,
        { type, holder, now, until },
      )) === 1,
    /**
     * Renews this holder's lease; false if another holds it. An update, so it takes the network's
     * row until the transaction ends: nobody takes the lease over meanwhile.
     */
    renewLease: async (type: string, holder: string, until: string) =>
      (await db.run('UPDATE chain_networks SET lease_until = ? WHERE type = ? AND lease_holder = ?', [
        until,
        type,
        holder,
      ])) === 1,
    releaseLease: (type: string, holder: string) =>
      db.run('UPDATE chain_networks SET lease_holder = NULL, lease_until = NULL WHERE type = ? AND lease_holder = ?', [
        type,
        holder,
      ]),
    /**
     * Moves the scan's mark from `from` to `to` (and renews the lease), only if it still stands at
     * `from` and this holder still has the lease: a node that lost its lease, or raced another,
     * moves nothing, and the transaction it is part of rolls back with what it credited.
     */
    advance: async (
      type: string,
      holder: string,
      from: number,
      to: { number: number; hash: string },
      at: string,
      leaseUntil: string,
    ) =>
      (await db.run(
        `UPDATE chain_networks SET scanned_block = @to, scanned_hash = @hash, advanced_at = @at, lease_until = @until
         WHERE type = @type AND scanned_block = @from AND lease_holder = @holder`,
        { type, holder, from, to: to.number, hash: to.hash, at, until: leaseUntil },
      )) === 1,
    /** What the watcher last saw of the chain, for the console. */
    recordCheck: (
      type: string,
      seen: { head_block: number | null; final_block: number | null; rpc_in_use: string; last_error: string },
      at: string,
    ) =>
      db.run(
        `UPDATE chain_networks SET head_block = COALESCE(@head_block, head_block),
                final_block = COALESCE(@final_block, final_block), rpc_in_use = @rpc_in_use,
                last_error = @last_error, checked_at = @at
         WHERE type = @type`,
        { type, ...seen, at },
      ),

    /** The blocks kept above the final edge, lowest first. */
    blocks: (network: string) =>
      db.all<ChainBlockRow>('SELECT number, hash, parent_hash FROM chain_blocks WHERE network = ? ORDER BY number', [
        network,
      ]),
    insertBlock: (network: string, block: ChainBlockRow) =>
      db.run(
        `INSERT INTO chain_blocks (network, number, hash, parent_hash) VALUES (@network, @number, @hash, @parent_hash)
         ON CONFLICT (network, number) DO UPDATE SET hash = excluded.hash, parent_hash = excluded.parent_hash`,
        { network, ...block },
      ),
    forgetBlocksAbove: (network: string, number: number) =>
      db.run('DELETE FROM chain_blocks WHERE network = ? AND number > ?', [network, number]),
    forgetBlocksUpTo: (network: string, number: number) =>
      db.run('DELETE FROM chain_blocks WHERE network = ? AND number <= ?', [network, number]),
  };
}

/** Transfers seen to customers' addresses, from first sight to credit, and the dust counted. */
function chainDepositQueries(db: SqlRunner) {
  return {
    depositAt: (network: string, txHash: string, logPosition: number) =>
      db.get<ChainDepositRow>('SELECT * FROM chain_deposits WHERE network = ? AND tx_hash = ? AND log_position = ?', [
        network,
        txHash,
        logPosition,
      ]),
    insertDeposit: (row: NewChainDeposit) =>
      db.insert(
        `INSERT INTO chain_deposits (network, tx_hash, log_position, block_number, block_hash, from_body, to_body,
                                     user_id, amount_units, amount, remainder_units, state, confirmations, seen_at)
         VALUES (@network, @tx_hash, @log_position, @block_number, @block_hash, @from_body, @to_body, @user_id,
                 @amount_units, @amount, @remainder_units, @state, @confirmations, @seen_at)`,
        row,
      ),
    /** A deposit seen (again) in a block not yet final: where it is now and how deep. */
    placeDeposit: (id: number, block: { number: number; hash: string }, confirmations: number) =>
      db.run(
        `UPDATE chain_deposits SET block_number = ?, block_hash = ?, confirmations = ?, state = 'confirming'
         WHERE id = ? AND state IN ('confirming', 'orphaned')`,
        [block.number, block.hash, confirmations, id],
      ),
    /** Marks a deposit credited; false if it was credited (or settled) already. */
    creditDeposit: async (id: number, block: { number: number; hash: string }, confirmations: number, at: string) =>
      (await db.run(
        `UPDATE chain_deposits SET state = 'credited', credited_at = ?, block_number = ?, block_hash = ?, confirmations = ?
         WHERE id = ? AND state IN ('confirming', 'orphaned')`,
        [at, block.number, block.hash, confirmations, id],
      )) === 1,
    /** A deposit below the minimum credited by hand; false if it was not below the minimum any more. */
    creditByHand: async (id: number, at: string) =>
      (await db.run(
        "UPDATE chain_deposits SET state = 'credited', credited_at = ? WHERE id = ? AND state = 'below_minimum'",
        [at, id],
      )) === 1,
    /** Records an administrator's approval to credit a deposit by hand; false if they gave one already. */
    addApproval: async (depositId: number, actor: string, reason: string, at: string) =>
      (await db.run(
        `INSERT INTO deposit_approvals (deposit_id, actor, reason, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (deposit_id, actor) DO NOTHING`,
        [depositId, actor, reason, at],
      )) === 1,
    approvalsOf: (depositId: number) =>
      db.all<{ actor: string; reason: string; created_at: string }>(
        'SELECT actor, reason, created_at FROM deposit_approvals WHERE deposit_id = ? ORDER BY actor',
        [depositId],
      ),
    /** A deposit that reached finality below the network's minimum: recorded, never credited. */
    markBelowMinimum: async (id: number) =>
      (await db.run(
        "UPDATE chain_deposits SET state = 'below_minimum' WHERE id = ? AND state IN ('confirming', 'orphaned')",
        [id],
      )) === 1,
    /** The deposits still confirming on a network, lowest block first. */
    confirming: (network: string) =>
      db.all<ChainDepositRow>(
        "SELECT * FROM chain_deposits WHERE network = ? AND state = 'confirming' ORDER BY block_number, id",
        [network],
      ),
    setConfirmations: (id: number, confirmations: number) =>
      db.run("UPDATE chain_deposits SET confirmations = ? WHERE id = ? AND state = 'confirming'", [confirmations, id]),
    /** A deposit still confirming in a block the chain no longer has; false if it was not confirming. */
    orphan: async (id: number) =>
      (await db.run("UPDATE chain_deposits SET state = 'orphaned' WHERE id = ? AND state = 'confirming'", [id])) === 1,

    /** A customer's latest deposits, newest first. */
    depositsOf: (userId: number, limit: number) =>
      db.all<ChainDepositRow>('SELECT * FROM chain_deposits WHERE user_id = ? ORDER BY id DESC LIMIT ?', [
        userId,
        limit,
      ]),
    /**
     * Deposits newest first (of one state, or all), before id `before` (0: from the newest), with
     * the customer's account name.
     */
    depositsPage: (state: DepositState | '', before: number, limit: number) => {
      const page = { before: before === 0 ? Number.MAX_SAFE_INTEGER : before, limit };
      const columns =
        'SELECT chain_deposits.*, users.account FROM chain_deposits JOIN users ON users.id = chain_deposits.user_id';
      return state === ''
        ? db.all<ChainDepositRow & { account: string }>(
            `${columns} WHERE chain_deposits.id < @before ORDER BY chain_deposits.id DESC LIMIT @limit`,
            page,
          )
        : db.all<ChainDepositRow & { account: string }>(
            `${columns} WHERE chain_deposits.state = @state AND chain_deposits.id < @before
             ORDER BY chain_deposits.id DESC LIMIT @limit`,
            { ...page, state },
          );
    },
    /**
     * What reached each address of a network and stayed (credited, or recorded below the
     * minimum), one row per deposit, in address order: the treasury's export. Reads every such
     * deposit of the network, by design.
     */
    arrivedAt: (network: string) =>
      db.all<{ to_body: string; amount_units: string; seen_at: string }>(
        `SELECT to_body, amount_units, seen_at FROM chain_deposits
         WHERE network = ? AND state IN ('credited', 'below_minimum') ORDER BY to_body, id`,
        [network],
      ),
    depositById: (id: number) => db.get<ChainDepositRow>('SELECT * FROM chain_deposits WHERE id = ?', [id]),

    /**
     * One more dust transfer to an address. Called only while the network's scan mark is held
     * (settling a final range), so the sum read here is not changed by anyone else meanwhile.
     */
    countDust: async (
      transfer: { network: string; to_body: string; user_id: number; block_number: number },
      units: bigint,
      at: string,
    ) => {
      const counted = await db.get<{ amount_units: string }>(
        'SELECT amount_units FROM chain_dust WHERE network = ? AND to_body = ?',
        [transfer.network, transfer.to_body],
      );
      const total = (BigInt(counted?.amount_units ?? '0') + units).toString();
      await db.run(
        `INSERT INTO chain_dust (network, to_body, user_id, transfers, amount_units, last_block, last_seen_at)
         VALUES (@network, @to_body, @user_id, 1, @total, @block_number, @at)
         ON CONFLICT (network, to_body) DO UPDATE SET transfers = chain_dust.transfers + 1,
           amount_units = excluded.amount_units, last_block = excluded.last_block, last_seen_at = excluded.last_seen_at`,
        { ...transfer, total, at },
      );
    },
  };
}

/** What `ops chain audit` re-reads against the chain. */
function chainAuditQueries(db: SqlRunner) {
  return {
    /** The addresses given under a key after index `after`, in index order: `ops chain audit --every-address`. */
    addressesAfter: (keyId: number, after: number, limit: number) =>
      db.all<{ address_index: number; body: string }>(
        'SELECT address_index, body FROM chain_addresses WHERE key_id = ? AND address_index > ? ORDER BY address_index LIMIT ?',
        [keyId, after, limit],
      ),
    /** A network's credited deposits after id `after`, in id order: what `ops chain audit` re-reads. */
    creditedDeposits: (network: string, after: number, limit: number) =>
      db.all<ChainDepositRow>(
        "SELECT * FROM chain_deposits WHERE network = ? AND state = 'credited' AND id > ? ORDER BY id LIMIT ?",
        [network, after, limit],
      ),
    /** Recharges the chain's proof credited (by its verdict alone), after id `after`, in id order. */
    rechargesCreditedByChain: (after: number, limit: number) =>
      db.all<{ id: number; user_id: number; type: string; address: string; amount: number; tx_hash: string }>(
        `SELECT id, user_id, type, address, amount, tx_hash FROM recharges
         WHERE state = 'success' AND chain_verdict = 'matched' AND tx_hash IS NOT NULL AND id > ? ORDER BY id LIMIT ?`,
        [after, limit],
      ),
    /** The dust counted at each address of a network, in address order. */
    dustOf: (network: string) =>
      db.all<ChainDustRow>('SELECT * FROM chain_dust WHERE network = ? ORDER BY to_body', [network]),
  };
}

/** Watched networks, their keys, customers' addresses, the blocks above finality and the deposits found. */
export function chainQueries(db: SqlRunner) {
  return {
    ...chainAddressQueries(db),
    ...chainNetworkQueries(db),
    ...chainDepositQueries(db),
    ...chainAuditQueries(db),
  };
}

declare module '../../platform/database/queries' {
  interface Queries {
    readonly chain: ReturnType<typeof chainQueries>;
  }
}
