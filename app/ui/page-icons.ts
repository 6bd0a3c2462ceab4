import type { IconPath } from './icons';

/** The icons only signed-in screens draw (see icons.tsx for why they live apart). */
export const chevronIcon = 'M9 5l7 7-7 7' as IconPath;
export const fundLogIcon = 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h7' as IconPath;
export const tutorialIcon = 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 19V5M9 7h6' as IconPath;
export const inviteIcon = 'M10 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 21a7 7 0 0 1 12.5-4.3M19 14v6M16 17h6' as IconPath;
export const supportIcon =
  'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-5 2' as IconPath;
export const assetsIcon = 'M3 7a2 2 0 0 1 2-2h14v4M3 7v11a2 2 0 0 0 2 2h16V9H5a2 2 0 0 1-2-2zM17 14h.01' as IconPath;
export const teamIcon =
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 6' as IconPath;
export const bindingIcon = 'M3 6h18v12H3zM3 10h18M7 15h4' as IconPath;
export const recordsIcon = 'M7 3h10a1 1 0 0 1 1 1v17l-3-2-3 2-3-2-3 2V4a1 1 0 0 1 1-1zM9 8h6M9 12h6' as IconPath;
export const rechargeIcon = 'M12 4v12M6 10l6 6 6-6M5 20h14' as IconPath;
export const withdrawIcon = 'M12 20V8M6 14l6-6 6 6M5 4h14' as IconPath;
export const profileIcon = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0M18 3l3 3' as IconPath;
export const securityIcon = 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM9 12l2 2 4-4' as IconPath;
export const logoutIcon = 'M10 4H5v16h5M15 8l4 4-4 4M19 12H9' as IconPath;
export const downloadIcon = 'M12 3v12M7 10l5 5 5-5M5 21h14' as IconPath;
export const copyIcon = 'M9 9h11v11H9zM5 15H4V4h11v1' as IconPath;
export const bankIcon = 'M3 10l9-6 9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 21h18' as IconPath;
export const eyeIcon =
  'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z' as IconPath;
export const shareIcon = 'M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13' as IconPath;
export const imageIcon = 'M4 4h16v16H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01' as IconPath;
export const telegramIcon = 'M21 4L3 11l6 2 2 6 3-4 5 4zM9 13l9-6' as IconPath;
export const chatIcon = 'M4 5h16v11H9l-5 4z' as IconPath;
export const mailIcon = 'M3 5h18v14H3zM3 6l9 7 9-7' as IconPath;
export const linkIcon =
  'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1' as IconPath;
export const infoIcon = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7h.01' as IconPath;
export const walletIcon =
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v10M9 9.5c0-1.4 1.3-2.5 3-2.5s3 1.1 3 2.5-1.3 2-3 2.5-3 1.1-3 2.5 1.3 2.5 3 2.5 3-1.1 3-2.5' as IconPath;
export const themeIcon =
  'M12 21a9 9 0 1 1 0-18c5 0 9 3.6 9 8 0 2.5-2 4-4.5 4H15a2 2 0 0 0-1.5 3.3A1.6 1.6 0 0 1 12 21zM7.5 11h.01M12 7h.01M16.5 11h.01' as IconPath;
export const eyeOffIcon =
  'M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.9 8.3 2 12 2 12s3.5 6 10 6a9.6 9.6 0 0 0 4.4-1M9.9 9.9a3 3 0 0 0 4.2 4.2' as IconPath;
export const bellIcon = 'M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9zM10 20.5a2.3 2.3 0 0 0 4 0' as IconPath;
