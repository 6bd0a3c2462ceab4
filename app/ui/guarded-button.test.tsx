// @vitest-environment happy-dom
import { Component, act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerRefusal as ApiFailure, NetworkFailure } from '../../web-kit/lib/failures';
import { GuardedButton } from './guarded-button';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>crashed</p> : this.props.children;
  }
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const containers: HTMLElement[] = [];
afterEach(() => {
  containers.splice(0).forEach((container) => container.remove());
  vi.restoreAllMocks();
});

async function press(onClick: () => unknown): Promise<string> {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <Boundary>
        <GuardedButton onClick={onClick}>Save</GuardedButton>
      </Boundary>,
    );
  });
  await act(async () => {
    container.querySelector('button')?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const text = container.textContent ?? '';
  root.unmount();
  return text;
}

describe('GuardedButton', () => {
  it('ends quietly when the call failed the expected way', async () => {
    expect(await press(() => Promise.reject(new NetworkFailure('offline')))).toBe('Save');
    expect(await press(() => Promise.reject(new ApiFailure({ code: 400, msg: 'no', data: {} })))).toBe('Save');
  });

  it('lets any other error reach the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      await press(() => {
        throw new TypeError('a bug');
      }),
    ).toBe('crashed');
  });
});
