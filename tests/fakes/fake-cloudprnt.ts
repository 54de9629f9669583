/**
 * A Star CloudPRNT printer for the printing tests (decision 028): it polls the server over HTTP
 * as Star's CloudPRNT protocol describes: POST its status (answered with jobReady and a
 * jobToken), GET the job in a media type the server offered, print it, DELETE with a result
 * code ("200 OK", or an error such as "520 Paper out" to report a failed print).
 */
export interface FakeCloudPrnt {
  /** Each job's bytes as printed, in order. */
  printed: Buffer[];
  /** The job tokens it confirmed (DELETE with 200). */
  confirmed: string[];
  /** The content type of each job it fetched. */
  mediaTypes: string[];
  /** One poll cycle; answers whether a job was fetched. */
  poll(): Promise<boolean>;
  /** The next job fetched is reported failed with this code, and not printed. */
  failNext(code: string): void;
}

export function fakeCloudPrnt(url: string, mac = '00:11:62:12:34:56'): FakeCloudPrnt {
  let failure: string | null = null;
  const printer: FakeCloudPrnt = {
    printed: [],
    confirmed: [],
    mediaTypes: [],
    async poll() {
      const status = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          status: '23 86 00 00 00 00 00 00 00 ',
          printerMAC: mac,
          statusCode: '200%20OK',
          printingInProgress: false,
        }),
      });
      if (status.status !== 200) throw new Error(`poll answered ${status.status}`);
      const answer = (await status.json()) as {
        jobReady: boolean;
        mediaTypes?: string[];
        jobToken?: string;
      };
      if (!answer.jobReady) return false;
      const type = answer.mediaTypes?.[0] ?? 'application/vnd.star.starprnt';
      const query = new URLSearchParams({
        mac,
        type,
        ...(answer.jobToken && { token: answer.jobToken }),
      });
      const job = await fetch(`${url}?${query}`);
      if (job.status !== 200) throw new Error(`job answered ${job.status}`);
      printer.mediaTypes.push(job.headers.get('content-type') ?? '');
      const bytes = Buffer.from(await job.arrayBuffer());
      const code = failure ?? '200 OK';
      failure = null;
      if (code.startsWith('2')) printer.printed.push(bytes);
      const confirm = new URLSearchParams({
        code,
        mac,
        ...(answer.jobToken && { token: answer.jobToken }),
      });
      const done = await fetch(`${url}?${confirm}`, { method: 'DELETE' });
      if (done.status !== 200) throw new Error(`confirm answered ${done.status}`);
      if (code.startsWith('2') && answer.jobToken) printer.confirmed.push(answer.jobToken);
      return true;
    },
    failNext(code) {
      failure = code;
    },
  };
  return printer;
}
