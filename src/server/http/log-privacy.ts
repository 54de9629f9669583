/**
 * No e-mail address or phone number in the log (docs/decisions/020-private-tracking.md): the
 * log is kept, shipped and read by people who have no business knowing the customers.
 *
 * - Request URLs are logged with the Track Your Meal path's address, and anything else in a
 *   path or query that looks like an address, replaced by "[redacted]".
 * - A failed query's parameters (drizzle's "params: …", the customer's name, e-mail and phone
 *   at a checkout) and PostgreSQL's row `detail` ("Failing row contains (…)") are left out of
 *   logged errors.
 * - Last, every line written is scrubbed of what looks like an e-mail address or an
 *   international phone number, whatever logged it (an SMTP error naming the recipient, say).
 */
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

const REDACTED = '[redacted]';

const TRACK_BY_EMAIL_PATH = /^(\/api\/orders\/track-by-email\/)[^?#]*/;
/** A path segment or query value holding "@" (plain or percent-encoded). */
const ADDRESS_PART = /([/=&?])[^/=&?#]*(?:@|%40)[^/=&?#]*/gi;

/** The URL as it may be logged. */
function redactUrl(url: string): string {
  return url.replace(TRACK_BY_EMAIL_PATH, `$1${REDACTED}`).replace(ADDRESS_PART, `$1${REDACTED}`);
}

const EMAIL = /[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu;
/** "+372 5550 0199", "+3725550199", "+1 (555) 010-0199": a plus, then 7 to 15 digits. */
const PHONE = /\+\d(?:[\s().-]*\d){6,14}/g;

/** A written log line without e-mail addresses or phone numbers. */
function scrubLogLine(line: string): string {
  return line.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

type Serialized = Record<string, unknown>;

/** Drops query parameters and row details from a serialized error and its causes. */
function withoutRowData(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const copy: Serialized = { ...(value as Serialized) };
  delete copy.params;
  delete copy.parameters;
  if (typeof copy.detail === 'string') copy.detail = REDACTED;
  for (const key of ['message', 'stack'] as const) {
    if (typeof copy[key] === 'string') {
      copy[key] = (copy[key] as string).replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: …');
    }
  }
  if (copy.cause) copy.cause = withoutRowData(copy.cause, depth + 1);
  return copy;
}

type LoggerSetting = FastifyServerOptions['logger'];

/**
 * The logger options with the serializers and the line scrub above; `false` and `true` as
 * given (true: Fastify's default level, scrubbed too).
 */
export function privateLogger(setting: LoggerSetting): LoggerSetting {
  if (setting === false || setting === undefined) return setting;
  const options = (setting === true ? {} : setting) as LoggerOptions;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      // Fastify's own request serializer, with the URL redacted.
      req: (request: {
        method: string;
        url: string;
        headers?: Record<string, unknown>;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: request.method,
        url: redactUrl(request.url),
        version: request.headers?.['accept-version'],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => withoutRowData(stdSerializers.err(error)),
    },
    hooks: {
      ...options.hooks,
      streamWrite: (line: string) => scrubLogLine(options.hooks?.streamWrite?.(line) ?? line),
    },
  } as LoggerSetting;
}
