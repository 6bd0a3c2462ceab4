/**
 * Every screen's address, in one place. The strings are the original product's routes (links,
 * bookmarks and installed shortcuts depend on them, so they keep its spellings); the names say
 * what each screen is.
 */
export const PATHS = {
  home: '/pages/index/index',
  hall: '/pages/dating/dating',
  orders: '/pages/orders/orders',
  my: '/pages/mine/mine',
  login: '/pages/login/login',
  register: '/pages/login/register',
  forgotPassword: '/pages/login/forget',
  personalInfo: '/pages/mine/personal-info',
  recharge: '/pages/mine/rechange',
  interestWallet: '/pages/mine/wallet',
  assets: '/pages/mine/property',
  binding: '/pages/mine/binding',
  withdraw: '/pages/mine/withdrawl',
  withdrawToCard: '/pages/mine/cardWithdrawal',
  withdrawalRecords: '/pages/mine/records',
  team: '/pages/mine/team',
  invite: '/pages/mine/promotion',
  fundLog: '/pages/mine/asset-log',
  /** Added with push notices; not a route of the original product. */
  notifications: '/pages/mine/notifications',
  tutorial: '/pages/index/beginner',
  customerService: '/pages/index/service',
  /** Added: My → Security (signed-in devices, sign-ins, anti-phishing code). */
  security: '/pages/mine/security',
} as const;
