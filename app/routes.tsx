import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { hallIcon, homeIcon, myIcon, orderIcon, type IconPath } from './ui/icons';
import { PATHS } from './lib/paths';

export type TabId = 'home' | 'hall' | 'order' | 'my';

export interface RouteDef {
  path: string;
  title: MessageDescriptor;
  page: () => Promise<{ default: ComponentType }>;
  tab?: TabId;
  /** Reachable without a session (the launch rule lets these through). */
  public?: boolean;
  /** No back bar: tabs and the login page. */
  bare?: boolean;
  /** Starts the screen's first read while its code loads, when the app opens on it. */
  prefetch?: () => Promise<void>;
}

const home = () => import('./pages/home/home');
const prefetchMoney = () => import('./api/userinfo').then((userinfo) => userinfo.preloadMoneyInfo());

/**
 * Every route of the original product, and Notifications and Security added since; hash router,
 * base "/", no path parameters.
 */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: msg`Home`, page: home, tab: 'home', bare: true, prefetch: prefetchMoney },
  { path: PATHS.home, title: msg`Home`, page: home, tab: 'home', bare: true, prefetch: prefetchMoney },
  {
    path: PATHS.hall,
    title: msg`Trading hall`,
    page: () => import('./pages/hall/hall'),
    tab: 'hall',
    bare: true,
  },
  {
    path: PATHS.orders,
    title: msg`Orders`,
    page: () => import('./pages/orders/orders'),
    tab: 'order',
    bare: true,
  },
  { path: PATHS.my, title: msg`My`, page: () => import('./pages/my/my'), tab: 'my', bare: true },
  { path: PATHS.login, title: msg`Log in`, page: () => import('./pages/login/login'), public: true, bare: true },
  { path: PATHS.register, title: msg`Register`, page: () => import('./pages/login/register'), public: true },
  {
    path: PATHS.forgotPassword,
    title: msg`Forgot password`,
    page: () => import('./pages/login/forgot-password'),
    public: true,
  },
  {
    path: PATHS.personalInfo,
    title: msg`Personal information`,
    page: () => import('./pages/my/personal-info'),
  },
  { path: PATHS.recharge, title: msg`Recharge`, page: () => import('./pages/my/recharge') },
  { path: PATHS.interestWallet, title: msg`Interest wallet`, page: () => import('./pages/my/interest-wallet') },
  { path: PATHS.assets, title: msg`My assets`, page: () => import('./pages/my/assets') },
  { path: PATHS.binding, title: msg`Account binding`, page: () => import('./pages/my/binding') },
  { path: PATHS.withdraw, title: msg`Withdraw`, page: () => import('./pages/my/withdraw') },
  {
    path: PATHS.withdrawToCard,
    title: msg`Withdraw to bank card`,
    page: () => import('./pages/my/withdraw-to-card'),
  },
  {
    path: PATHS.withdrawalRecords,
    title: msg`Withdrawal records`,
    page: () => import('./pages/my/withdrawal-records'),
  },
  { path: PATHS.team, title: msg`My team`, page: () => import('./pages/my/team') },
  { path: PATHS.invite, title: msg`Invite friends`, page: () => import('./pages/my/invite') },
  { path: PATHS.fundLog, title: msg`Fund log`, page: () => import('./pages/my/fund-log') },
  { path: PATHS.security, title: msg`Security`, page: () => import('./pages/my/security') },
  { path: PATHS.notifications, title: msg`Notifications`, page: () => import('./pages/my/notifications') },
  { path: PATHS.tutorial, title: msg`Beginner tutorial`, page: () => import('./pages/home/tutorial') },
  { path: PATHS.customerService, title: msg`Customer service`, page: () => import('./pages/home/customer-service') },
];

export interface TabDef {
  id: TabId;
  path: string;
  label: MessageDescriptor;
  icon: IconPath;
}

export const TABS: readonly TabDef[] = [
  { id: 'home', path: '/', label: msg`Home`, icon: homeIcon },
  { id: 'hall', path: PATHS.hall, label: msg`Hall`, icon: hallIcon },
  { id: 'order', path: PATHS.orders, label: msg`Order`, icon: orderIcon },
  { id: 'my', path: PATHS.my, label: msg`My`, icon: myIcon },
];

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((route) => route.path === path);
}
