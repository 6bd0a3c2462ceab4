import { describe, expect, it } from 'vitest';
import { NOTICE_SCREENS, isNoticeUrl, noticeUrl } from '../../contract/push';
import { PATHS } from './paths';

describe('the screens push notices open', () => {
  it('are screens of the app, as app/lib/paths.ts names them', () => {
    const screens: readonly string[] = Object.values(PATHS);
    for (const screen of Object.values(NOTICE_SCREENS)) {
      expect(screens, screen).toContain(screen);
      expect(isNoticeUrl(noticeUrl(screen)), screen).toBe(true);
    }
  });
});
