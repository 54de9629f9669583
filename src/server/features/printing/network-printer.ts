/**
 * Sends a job's bytes to a network printer's raw port (9100, decision 028): connect, write
 * everything, half-close (FIN), and wait for the printer to close its side. Only a clean close
 * after every byte went out counts as printed; a refused or timed-out connection, a reset, or
 * a printer that keeps the connection open is an error the outbox retries.
 */
import net from 'node:net';

export interface SendOptions {
  /** For the connection and for each wait on the printer; 5 s unless given. */
  timeoutMs?: number;
}

export function sendToNetworkPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  options: SendOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return new Promise((resolve, reject) => {
    let finished = false;
    let failure: Error | null = null;
    const socket = net.connect({ host, port });
    socket.setTimeout(timeoutMs, () => {
      failure ??= new Error(
        finished
          ? `the printer did not close the connection within ${timeoutMs / 1000} s`
          : `no answer from ${host}:${port} within ${timeoutMs / 1000} s`,
      );
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= new Error(describe(error, host, port));
    });
    socket.on('connect', () => {
      socket.end(Buffer.from(bytes), () => {
        finished = true;
      });
    });
    // Whatever the printer says (a status byte) is read and dropped, so its close arrives.
    socket.on('data', () => {});
    socket.on('close', (hadError) => {
      if (!failure && !hadError && finished) resolve();
      else reject(failure ?? new Error('the connection closed before every byte went out'));
    });
  });
}

function describe(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${host}:${port} refused the connection (is the printer on?)`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached (is it on the truck's network?)`;
    case 'ENOTFOUND':
      return `no printer named ${host}`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `the printer dropped the connection (${error.code})`;
    default:
      return error.message;
  }
}
