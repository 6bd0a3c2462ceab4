import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { hallIcon, homeIcon, myIcon, orderIcon, type IconPath } from './ui/icons';

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

export const LOGIN_PATH = '/pages/login/login';

const home = () => import('./pages/index/index');
const prefetchMoney = () => import('./api/userinfo').then((userinfo) => userinfo.preloadMoneyInfo());

/** Every route of the original product; hash router, base "/", no path parameters. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: msg`Home`, page: home, tab: 'home', bare: true, prefetch: prefetchMoney },
  { path: '/pages/index/index', title: msg`Home`, page: home, tab: 'home', bare: true, prefetch: prefetchMoney },
  {
    path: '/pages/dating/dating',
    title: msg`Trading hall`,
    page: () => import('./pages/dating/dating'),
    tab: 'hall',
    bare: true,
  },
  {
    path: '/pages/orders/orders',
    title: msg`Orders`,
    page: () => import('./pages/orders/orders'),
    tab: 'order',
    bare: true,
  },
  { path: '/pages/mine/mine', title: msg`My`, page: () => import('./pages/mine/mine'), tab: 'my', bare: true },
  { path: LOGIN_PATH, title: msg`Log in`, page: () => import('./pages/login/login'), public: true, bare: true },
  { path: '/pages/login/register', title: msg`Register`, page: () => import('./pages/login/register'), public: true },
  {
    path: '/pages/login/forget',
    title: msg`Forgot password`,
    page: () => import('./pages/login/forget'),
    public: true,
  },
  {
    path: '/pages/mine/personal-info',
    title: msg`Personal information`,
    page: () => import('./pages/mine/personal-info'),
  },
  { path: '/pages/mine/rechange', title: msg`Recharge`, page: () => import('./pages/mine/rechange') },
  { path: '/pages/mine/wallet', title: msg`Interest wallet`, page: () => import('./pages/mine/wallet') },
  { path: '/pages/mine/property', title: msg`My assets`, page: () => import('./pages/mine/property') },
  { path: '/pages/mine/binding', title: msg`Account binding`, page: () => import('./pages/mine/binding') },
  { path: '/pages/mine/withdrawl', title: msg`Withdraw`, page: () => import('./pages/mine/withdrawl') },
  {
    path: '/pages/mine/cardWithdrawal',
    title: msg`Withdraw to bank card`,
    page: () => import('./pages/mine/card-withdrawal'),
  },
  { path: '/pages/mine/records', title: msg`Withdrawal records`, page: () => import('./pages/mine/records') },
  { path: '/pages/mine/team', title: msg`My team`, page: () => import('./pages/mine/team') },
  { path: '/pages/mine/promotion', title: msg`Invite friends`, page: () => import('./pages/mine/promotion') },
  { path: '/pages/mine/asset-log', title: msg`Fund log`, page: () => import('./pages/mine/asset-log') },
  { path: '/pages/index/beginner', title: msg`Beginner tutorial`, page: () => import('./pages/index/beginner') },
  { path: '/pages/index/service', title: msg`Customer service`, page: () => import('./pages/index/service') },
];

export interface TabDef {
  id: TabId;
  path: string;
  label: MessageDescriptor;
  icon: IconPath;
}

export const TABS: readonly TabDef[] = [
  { id: 'home', path: '/', label: msg`Home`, icon: homeIcon },
  { id: 'hall', path: '/pages/dating/dating', label: msg`Hall`, icon: hallIcon },
  { id: 'order', path: '/pages/orders/orders', label: msg`Order`, icon: orderIcon },
  { id: 'my', path: '/pages/mine/mine', label: msg`My`, icon: myIcon },
];

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((route) => route.path === path);
}
