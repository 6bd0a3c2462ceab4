import { afterAll, beforeAll } from 'vitest';
import { startLocalChain, type LocalChain } from './local-chain';

/**
 * The set-up the chain test files share: one local chain for the whole file (starting one costs
 * about a second), handed to `use` before the first test and closed after the last; another
 * chain's id (`chainId`) for a node of another network.
 */
export function localChainPerFile(use: (chain: LocalChain) => void, options: { chainId?: number } = {}): void {
  let chain: LocalChain | undefined;
  beforeAll(async () => {
    chain = await startLocalChain(options);
    use(chain);
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
  });
}
