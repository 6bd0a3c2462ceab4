import type { UserInfo } from '../../contract/responses';
import type { UserRow } from './queries';

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    account: row.account,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    invite_code: row.invite_code,
    vip: row.vip,
    created_at: row.created_at,
  };
}
