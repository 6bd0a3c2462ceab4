/**
 * Renders the app icons (PNG) from the SVG logo with the local Chromium. Run once after changing
 * the logo: `node scripts/make-icons.mjs`; the PNGs are committed.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const logo = fs.readFileSync('public/icons/favicon.svg', 'utf8');
const mark = logo.replace(/<rect[^>]*\/>/, '');
const targets = [
  { file: 'public/icons/icon-192.png', size: 192, maskable: false },
  { file: 'public/icons/icon-512.png', size: 512, maskable: false },
  { file: 'public/icons/maskable-512.png', size: 512, maskable: true },
  { file: 'public/icons/apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const { file, size, maskable } of targets) {
  // A maskable icon keeps its mark inside the central 80 % safe zone on a full-bleed background.
  const inner = maskable ? Math.round(size * 0.72) : size;
  const svg = maskable ? mark : logo;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0;background:${maskable ? '#121A26' : 'transparent'};display:grid;place-items:center;width:${size}px;height:${size}px">
       <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
     </body>`,
  );
  await page.screenshot({ path: file, omitBackground: !maskable });
  console.log(`${file} ${size}×${size}`);
}
await browser.close();
