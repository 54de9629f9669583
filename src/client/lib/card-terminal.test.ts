import { describe, expect, it } from 'vitest';
import {
  cardPaymentTarget,
  launchCardTerminal,
  TERMINAL_WAIT_MS,
  type TerminalLaunchEnvironment,
} from './card-terminal.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

describe('cardPaymentTarget', () => {
  const payment = { paymentUrl: '/pay/1', terminalUrl: 'vivapayclient://pay/v1?x=1' };
  it('tries the terminal app first on Android only, with the web page as the fallback', () => {
    expect(cardPaymentTarget(payment, ANDROID)).toEqual({
      first: 'vivapayclient://pay/v1?x=1',
      fallback: '/pay/1',
    });
    expect(cardPaymentTarget(payment, IPAD)).toEqual({ first: '/pay/1', fallback: null });
    expect(cardPaymentTarget(payment, LAPTOP)).toEqual({ first: '/pay/1', fallback: null });
    expect(cardPaymentTarget({ paymentUrl: '/pay/1' }, ANDROID)).toEqual({
      first: '/pay/1',
      fallback: null,
    });
  });
});

/** A page whose visibility and timer the test drives by hand. */
function fakePage() {
  const visited: string[] = [];
  let visible = true;
  let timer: { callback: () => void; ms: number } | null = null;
  const hiddenListeners = new Set<() => void>();
  const env: TerminalLaunchEnvironment = {
    navigate: (url) => visited.push(url),
    isVisible: () => visible,
    onHidden: (listener) => {
      hiddenListeners.add(listener);
      return () => hiddenListeners.delete(listener);
    },
    setTimer: (callback, ms) => {
      timer = { callback, ms };
    },
  };
  return {
    env,
    visited,
    hide() {
      visible = false;
      for (const listener of hiddenListeners) listener();
    },
    show() {
      visible = true;
    },
    fire() {
      const pending = timer;
      timer = null;
      pending?.callback();
      return pending?.ms;
    },
  };
}

describe('launchCardTerminal: the 2 s rule', () => {
  it('falls back to the web card page when the page is still in front after 2 s', async () => {
    const page = fakePage();
    const outcome = launchCardTerminal('vivapayclient://pay', '/pay/1', page.env);
    expect(page.visited).toEqual(['vivapayclient://pay']);
    expect(page.fire()).toBe(TERMINAL_WAIT_MS);
    expect(TERMINAL_WAIT_MS).toBe(2000);
    await expect(outcome).resolves.toBe('web');
    expect(page.visited).toEqual(['vivapayclient://pay', '/pay/1']);
  });

  it('leaves it to the terminal app when the app took the screen within 2 s', async () => {
    const page = fakePage();
    const outcome = launchCardTerminal('vivapayclient://pay', '/pay/1', page.env);
    page.hide();
    // Back in front before the 2 s are up (the app finished quickly): still the app's sale.
    page.show();
    page.fire();
    await expect(outcome).resolves.toBe('terminal');
    expect(page.visited).toEqual(['vivapayclient://pay']);
  });
});
