/** Runs `work` when the browser is idle (within two seconds at the latest). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 2000 });
  else setTimeout(work, 200);
}
