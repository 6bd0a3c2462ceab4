import type { SqlRunner } from './database';

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
    /** Newest member first (ids are handed out in the order people sign up). */
    members: (userId: number, limit: number, offset: number) =>
      db.all<TeamMemberRow>(
        `SELECT users.account, users.nickname, team_members.level, users.created_at
         FROM team_members JOIN users ON users.id = team_members.member_id
         WHERE team_members.ancestor_id = ? ORDER BY team_members.member_id DESC LIMIT ? OFFSET ?`,
        [userId, limit, offset],
      ),
    /**
     * Puts a new customer in the teams of their inviter (level 1) and of their inviter's inviter
     * (level 2), and counts them there; nothing for a customer nobody invited.
     */
    join: async (memberId: number) => {
      await db.run(
        `INSERT INTO team_members (ancestor_id, member_id, level)
         SELECT users.inviter_id, users.id, 1 FROM users WHERE users.id = @member AND users.inviter_id IS NOT NULL
         UNION ALL
         SELECT inviters.inviter_id, users.id, 2
         FROM users JOIN users AS inviters ON inviters.id = users.inviter_id
         WHERE users.id = @member AND inviters.inviter_id IS NOT NULL`,
        { member: memberId },
      );
      await db.run(
        'UPDATE users SET direct_count = direct_count + 1 WHERE id = (SELECT inviter_id FROM users WHERE id = ?)',
        [memberId],
      );
      await db.run(
        `UPDATE users SET indirect_count = indirect_count + 1
         WHERE id = (SELECT inviters.inviter_id FROM users JOIN users AS inviters ON inviters.id = users.inviter_id
                     WHERE users.id = ?)`,
        [memberId],
      );
    },
  };
}
