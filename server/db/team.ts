import type { SqlRunner } from './database';

export interface TeamMemberRow {
  account: string;
  nickname: string;
  level: 1 | 2;
  created_at: string;
}

/** The two levels below a user: the people they invited, and the people those invited. */
export function teamQueries(db: SqlRunner) {
  return {
    figures: async (userId: number) =>
      (await db.get<{ direct: number; indirect: number; recharged: number }>(
        `WITH direct AS (SELECT id FROM users WHERE inviter_id = @id),
              indirect AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM direct)),
              team AS (SELECT id FROM direct UNION ALL SELECT id FROM indirect)
         SELECT
           (SELECT COUNT(*) FROM direct) AS direct,
           (SELECT COUNT(*) FROM indirect) AS indirect,
           (SELECT COALESCE(SUM(amount), 0) FROM recharges WHERE state = 'success' AND user_id IN (SELECT id FROM team)) AS recharged`,
        { id: userId },
      )) ?? { direct: 0, indirect: 0, recharged: 0 },
    members: (userId: number, limit: number, offset: number) =>
      db.all<TeamMemberRow>(
        `SELECT account, nickname, level, created_at FROM (
           SELECT users.id, users.account, users.nickname, 1 AS level, users.created_at FROM users WHERE inviter_id = @id
           UNION ALL
           SELECT child.id, child.account, child.nickname, 2 AS level, child.created_at
           FROM users AS child JOIN users AS parent ON child.inviter_id = parent.id WHERE parent.inviter_id = @id
         ) AS members ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
        { id: userId, limit, offset },
      ),
  };
}
