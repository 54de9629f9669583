/**
 * A real SMTP server (smtp-server) on loopback for the e-mail tests (decision 018): it keeps
 * every message it accepts, decoded enough to read (headers, the text and the HTML part), and
 * can answer a temporary refusal (e.g. 451) to the next tries at RCPT TO or DATA. It asks for
 * a login when given credentials, so the SMTP_URL's user and password are shown to be used.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope: who the server was told the message is from and for. */
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

export interface FakeSmtpServer {
  /** smtp://user:pass@127.0.0.1:port (or without credentials), for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next `times` tries are answered `code` at that stage, then it accepts again. */
  failNext(stage: 'rcpt' | 'data', code: number, times: number): void;
  /** Messages for one recipient. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * `port`: listen on this one (a mail server coming up where the app has been failing to
 * connect); any free port unless given.
 */
export async function startFakeSmtpServer(
  options: { user?: string; pass?: string; port?: number } = {},
): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const failures = { rcpt: { code: 0, times: 0 }, data: { code: 0, times: 0 } };
  const refusal = (stage: 'rcpt' | 'data') => {
    const failure = failures[stage];
    if (failure.times <= 0) return null;
    failure.times -= 1;
    return Object.assign(new Error('Try again later (the fake refuses on purpose)'), {
      responseCode: failure.code,
    });
  };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error('Invalid login'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      callback(refusal('rcpt'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const failed = refusal('data');
        if (failed) return callback(failed);
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push(readMail(raw, session.envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  const login = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@`
    : '';
  return {
    url: `smtp://${login}127.0.0.1:${port}`,
    received,
    failNext(stage, code, times) {
      failures[stage] = { code, times };
    },
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Envelope {
  mailFrom: { address: string } | false;
  rcptTo: { address: string }[];
}

function readMail(raw: string, envelope: Envelope): ReceivedMail {
  const { headers, body } = splitPart(raw);
  const parts = partsOf(headers, body);
  const partOf = (type: string) =>
    parts.find((part) => (part.headers.get('content-type') ?? '').startsWith(type));
  const text = partOf('text/plain');
  const html = partOf('text/html');
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((rcpt) => rcpt.address),
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    raw,
  };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string>();
  // Folded header lines continue with white space.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The leaf parts of a (possibly nested) multipart message. */
function partsOf(headers: Map<string, string>, body: string): Part[] {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.startsWith('multipart/') || !boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => {
      // The line breaks around a boundary belong to the boundary.
      const part = splitPart(chunk.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      return partsOf(part.headers, part.body);
    });
}

/** A part's content, with the line breaks as written (SMTP carries them as CRLF). */
function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(part.body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : part.body;
  return content.replace(/\r\n/g, '\n');
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(soft[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
