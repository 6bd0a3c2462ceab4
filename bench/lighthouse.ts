import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, systemChromium } from '../e2e/browser';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse's default mobile profile (simulated slow 4G, 4× CPU) against one URL. */
export async function runLighthouse(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    ...(systemChromium ? { chromePath: systemChromium } : {}),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    };
  } finally {
    chrome.kill();
  }
}

/** The audits that cost points, for finding out why. */
export async function failingAudits(url: string): Promise<string[]> {
  const chrome = await chromeLauncher.launch({
    ...(systemChromium ? { chromePath: systemChromium } : {}),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    return Object.values(result?.lhr.audits ?? {})
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => `${audit.id} (${audit.score}): ${audit.displayValue ?? ''}`);
  } finally {
    chrome.kill();
  }
}
