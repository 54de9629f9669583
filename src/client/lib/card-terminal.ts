/**
 * Spec back-office §7: "Card flow on Android tries a payment terminal app first, waits 2 s; a
 * launch under 2 s means unavailable and it falls back to web payment." Opening the terminal
 * app's address hides the page when the app takes over; if the page is still in front 2 s later,
 * no app answered (not installed, or a desktop), so the web card page is used instead.
 */
export const TERMINAL_WAIT_MS = 2_000;

const isAndroid = (userAgent: string) => /\bAndroid\b/i.test(userAgent);

/** Where a counter card payment goes first. */
export function cardPaymentTarget(
  payment: { paymentUrl: string; terminalUrl?: string },
  userAgent: string,
): { first: string; fallback: string | null } {
  if (payment.terminalUrl && isAndroid(userAgent)) {
    return { first: payment.terminalUrl, fallback: payment.paymentUrl };
  }
  return { first: payment.paymentUrl, fallback: null };
}

export interface TerminalLaunchEnvironment {
  navigate: (url: string) => void;
  /** True while the page is in front (document.visibilityState === 'visible'). */
  isVisible: () => boolean;
  onHidden: (listener: () => void) => () => void;
  setTimer: (callback: () => void, ms: number) => void;
}

/**
 * Opens `terminalUrl`, then `fallbackUrl` unless the page went to the background within
 * TERMINAL_WAIT_MS (the terminal app took over). Resolves with what happened.
 */
export function launchCardTerminal(
  terminalUrl: string,
  fallbackUrl: string,
  env: TerminalLaunchEnvironment,
): Promise<'terminal' | 'web'> {
  return new Promise((resolve) => {
    let hidden = false;
    const stop = env.onHidden(() => {
      hidden = true;
    });
    env.navigate(terminalUrl);
    env.setTimer(() => {
      stop();
      if (hidden || !env.isVisible()) return resolve('terminal');
      env.navigate(fallbackUrl);
      resolve('web');
    }, TERMINAL_WAIT_MS);
  });
}

/** The browser's own environment for launchCardTerminal. */
export function browserTerminalEnvironment(): TerminalLaunchEnvironment {
  return {
    navigate: (url) => window.location.assign(url),
    isVisible: () => document.visibilityState === 'visible',
    onHidden: (listener) => {
      const handler = () => {
        if (document.visibilityState === 'hidden') listener();
      };
      document.addEventListener('visibilitychange', handler);
      window.addEventListener('pagehide', listener);
      return () => {
        document.removeEventListener('visibilitychange', handler);
        window.removeEventListener('pagehide', listener);
      };
    },
    setTimer: (callback, ms) => void window.setTimeout(callback, ms),
  };
}
