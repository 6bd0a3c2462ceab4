import type { SqlRunner } from '../platform/database/sql';

export interface TeamMemberRow {
  account: string;
  nickname: string;
  level: 1 | 2;
  created_at: string;
}

/**
 * The two levels below a user: the people they invited, and the people those invited. Both are
 * rows of `team_members`, written when the member signs up, and counted as they are written.
 */
export function teamQueries(db: SqlRunner) {
  return {
    figures: async (userId: number) =>
      (await db.get<{ direct: number; indirect: number; recharged: number }>(
        `SELECT direct_count AS direct, indirect_count AS indirect, team_recharged AS recharged
         FROM users WHERE id = ?`,
        [userId],
      )) ?? { direct: 0, indirect: 0, recharged: 0 },
    /**
     * Newest member first. Members are numbered as they join (team_members.seq), so the page
     * `offset` members below the newest is a range of numbers, read from an index however deep.
     */
    members: (userId: number, limit: number, offset: number) =>
      db.all<TeamMemberRow>(
        `SELECT users.account, users.nickname, team_members.level, users.created_at
         FROM team_members JOIN users ON users.id = team_members.member_id
         WHERE team_members.ancestor_id = @user
           AND team_members.seq <= (SELECT direct_count + indirect_count FROM users AS owner WHERE owner.id = @user) - @offset
         ORDER BY team_members.seq DESC LIMIT @limit`,
        { user: userId, limit, offset },
      ),
    /**
     * Puts a new customer in the teams of their inviter (level 1) and of their inviter's inviter
     * (level 2), counted and numbered there; nothing for a customer nobody invited. Run it inside
     * the transaction that adds the customer: each count is taken under the row lock of its
     * update, so two joining at once get two numbers.
     */
    join: async (memberId: number) => {
      const above = await db.get<{ inviter: number | null; second: number | null }>(
        `SELECT users.inviter_id AS inviter, inviters.inviter_id AS second
         FROM users LEFT JOIN users AS inviters ON inviters.id = users.inviter_id WHERE users.id = ?`,
        [memberId],
      );
      const levels = [
        { ancestor: above?.inviter ?? null, level: 1, count: 'direct_count' },
        { ancestor: above?.second ?? null, level: 2, count: 'indirect_count' },
      ];
      for (const { ancestor, level, count } of levels) {
        if (ancestor === null) continue;
        const counted = await db.get<{ seq: number }>(
          `UPDATE users SET ${count} = ${count} + 1 WHERE id = ? RETURNING direct_count + indirect_count AS seq`,
          [ancestor],
        );
        if (!counted) throw new Error(`the inviter ${ancestor} vanished`);
        await db.run('INSERT INTO team_members (ancestor_id, member_id, level, seq) VALUES (?, ?, ?, ?)', [
          ancestor,
          memberId,
          level,
          counted.seq,
        ]);
      }
    },
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly team: ReturnType<typeof teamQueries>;
  }
}
