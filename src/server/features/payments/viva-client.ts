/**
 * Viva Wallet Smart Checkout over real HTTP (../shared/integrations.md §1).
 * NOTE: Viva order codes are 16-digit integers, beyond JavaScript's safe integers:
 * they are read out of the raw JSON text and kept as strings.
 */
import { PaymentProviderError, type ProviderRefundResult } from '../../lib/payment-provider.ts';

export interface VivaSettings {
  clientId: string;
  clientSecret: string;
  sourceCode: string;
  merchantId?: string | undefined;
  apiKey?: string | undefined;
  accountsUrl: string;
  apiUrl: string;
  checkoutUrl: string;
}

export interface VivaTransaction {
  transactionId: string;
  orderCode: string;
  /** F = paid, A = pending, E = failed, … */
  statusId: string;
  amountCents: number;
  merchantTrns: string | null;
}

/** Pulls a 16-digit code out of raw JSON without passing it through a JS number. */
function readBigIntegerField(rawJson: string, field: string): string | null {
  const match = new RegExp(`"${field}"\\s*:\\s*"?(\\d+)"?`, 'i').exec(rawJson);
  return match?.[1] ?? null;
}

const TOKEN_REFRESH_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

export class VivaClient {
  private token: { value: string; expiresAt: number } | null = null;
  private webhookKey: string | null = null;

  constructor(
    private readonly settings: VivaSettings,
    private readonly now: () => number = Date.now,
  ) {}

  private async request(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new PaymentProviderError(`Viva request failed: ${new URL(url).pathname}`, {
        cause: error,
      });
    }
  }

  /** OAuth2 client-credentials token, cached until a minute before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_REFRESH_MARGIN_MS > this.now())
      return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString(
      'base64',
    );
    const response = await this.request(`${this.settings.accountsUrl}/connect/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok)
      throw new PaymentProviderError(`Viva token request answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PaymentProviderError('Viva token answer has no access_token');
    this.token = {
      value: body.access_token,
      expiresAt: this.now() + (body.expires_in ?? 3600) * 1000,
    };
    return this.token.value;
  }

  /** POST /checkout/v2/orders; returns the order code as a string. */
  async createOrder(input: {
    amountCents: number;
    merchantTrns: string;
    customerTrns: string;
    customer: { email: string; fullName: string; phone: string };
    /** Viva keeps the order payable this long (its default is 1800). */
    timeoutSeconds: number;
  }): Promise<string> {
    const token = await this.accessToken();
    const response = await this.request(`${this.settings.apiUrl}/checkout/v2/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: input.amountCents,
        customerTrns: input.customerTrns,
        customer: {
          email: input.customer.email,
          fullName: input.customer.fullName,
          phone: input.customer.phone,
          requestLang: 'en-GB',
        },
        paymentTimeout: input.timeoutSeconds,
        sourceCode: this.settings.sourceCode,
        merchantTrns: input.merchantTrns,
        disableCash: true,
      }),
    });
    const text = await response.text();
    if (!response.ok)
      throw new PaymentProviderError(`Viva create order answered ${response.status}`);
    const orderCode = readBigIntegerField(text, 'orderCode');
    if (!orderCode) throw new PaymentProviderError('Viva create order answer has no orderCode');
    return orderCode;
  }

  checkoutPageUrl(orderCode: string): string {
    return `${this.settings.checkoutUrl}/web/checkout?ref=${encodeURIComponent(orderCode)}`;
  }

  /** GET /checkout/v2/transactions/{id}; null when Viva does not know it. */
  async getTransaction(transactionId: string): Promise<VivaTransaction | null> {
    const token = await this.accessToken();
    const response = await this.request(
      `${this.settings.apiUrl}/checkout/v2/transactions/${encodeURIComponent(transactionId)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok)
      throw new PaymentProviderError(`Viva transaction lookup answered ${response.status}`);
    const text = await response.text();
    const body = JSON.parse(text) as {
      amount?: number;
      statusId?: string;
      merchantTrns?: string | null;
    };
    const orderCode = readBigIntegerField(text, 'orderCode');
    if (!orderCode || typeof body.amount !== 'number' || typeof body.statusId !== 'string') {
      throw new PaymentProviderError('Viva transaction answer is missing fields');
    }
    return {
      transactionId,
      orderCode,
      statusId: body.statusId,
      // Viva gives the transaction amount in euros (30.00), not cents.
      amountCents: Math.round(body.amount * 100),
      merchantTrns: body.merchantTrns ?? null,
    };
  }

  /** Listing an order's transactions needs the merchant id and API key (Basic auth). */
  get canListOrderTransactions(): boolean {
    return Boolean(this.settings.merchantId && this.settings.apiKey);
  }

  /**
   * Every transaction of one payment order: GET {legacy host}/api/transactions?ordercode=,
   * Basic auth with merchant id and API key ([CODE] VivaPayments/API
   * CreateOrder/PHP/gettransactions.php; not in integrations.md). An order has none until the
   * customer tries to pay, and several after a declined card and a retry. `Amount` is in euros,
   * as in the legacy API's other answers [INFERRED].
   */
  async listOrderTransactions(orderCode: string): Promise<VivaTransaction[]> {
    const { merchantId, apiKey } = this.settings;
    if (!merchantId || !apiKey) {
      throw new PaymentProviderError(
        'VIVA_MERCHANT_ID and VIVA_API_KEY are needed to look up an order',
      );
    }
    const basic = Buffer.from(`${merchantId}:${apiKey}`).toString('base64');
    const response = await this.request(
      `${this.settings.checkoutUrl}/api/transactions?ordercode=${encodeURIComponent(orderCode)}`,
      { headers: { authorization: `Basic ${basic}` } },
    );
    if (response.status === 404) return [];
    if (!response.ok)
      throw new PaymentProviderError(`Viva order transactions answered ${response.status}`);
    // NOTE: JSON.parse rounds the order codes inside; we asked by order code, so we keep ours.
    const body = JSON.parse(await response.text()) as {
      ErrorCode?: number;
      Transactions?: {
        TransactionId?: string;
        StatusId?: string;
        Amount?: number;
        MerchantTrns?: string | null;
      }[];
    };
    if ((body.ErrorCode ?? 0) !== 0 || !Array.isArray(body.Transactions)) {
      throw new PaymentProviderError(
        `Viva order transactions answered ErrorCode ${body.ErrorCode}`,
      );
    }
    return body.Transactions.flatMap((transaction) =>
      typeof transaction.TransactionId === 'string' &&
      typeof transaction.StatusId === 'string' &&
      typeof transaction.Amount === 'number'
        ? [
            {
              transactionId: transaction.TransactionId,
              orderCode,
              statusId: transaction.StatusId,
              amountCents: Math.round(transaction.Amount * 100),
              merchantTrns: transaction.MerchantTrns ?? null,
            },
          ]
        : [],
    );
  }

  /**
   * Cancel Transaction (integrations.md §5.1): DELETE {legacy host}/api/transactions/{id}
   * ?amount={cents}, Basic auth with merchant id and API key. The same business day it voids the
   * authorisation, later it refunds; an amount below the sale's is a partial refund. A 4xx (no
   * "Allow refunds": 403; not enough balance: 452; unknown transaction) or an answer with an
   * ErrorCode is Viva's refusal, with its message; a 5xx or no answer throws (tried again).
   */
  async cancelTransaction(
    transactionId: string,
    amountCents: number,
  ): Promise<ProviderRefundResult> {
    const { merchantId, apiKey } = this.settings;
    if (!merchantId || !apiKey) {
      return {
        status: 'refused',
        message: 'VIVA_MERCHANT_ID and VIVA_API_KEY are needed to refund a card payment.',
      };
    }
    const basic = Buffer.from(`${merchantId}:${apiKey}`).toString('base64');
    const response = await this.request(
      `${this.settings.checkoutUrl}/api/transactions/${encodeURIComponent(transactionId)}?amount=${amountCents}`,
      { method: 'DELETE', headers: { authorization: `Basic ${basic}` } },
    );
    const text = await response.text();
    if (response.status >= 500)
      throw new PaymentProviderError(`Viva cancel transaction answered ${response.status}`);
    let body: { ErrorCode?: number; ErrorText?: string | null; message?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON: the status decides, with no message of Viva's to show.
    }
    const message = body.ErrorText ?? body.message ?? null;
    if (!response.ok || (body.ErrorCode ?? 0) !== 0) {
      return {
        status: 'refused',
        message: `Viva refused the refund (${response.ok ? `error ${body.ErrorCode}` : response.status})${message ? `: ${message}` : '.'}`,
      };
    }
    return { status: 'done' };
  }

  /** The key Viva expects back when it verifies our webhook URL; static per merchant, so cached. */
  async getWebhookKey(): Promise<string> {
    if (this.webhookKey) return this.webhookKey;
    const { merchantId, apiKey } = this.settings;
    if (!merchantId || !apiKey) {
      throw new PaymentProviderError('VIVA_MERCHANT_ID and VIVA_API_KEY are needed for webhooks');
    }
    const basic = Buffer.from(`${merchantId}:${apiKey}`).toString('base64');
    const response = await this.request(`${this.settings.checkoutUrl}/api/messages/config/token`, {
      headers: { authorization: `Basic ${basic}` },
    });
    if (!response.ok)
      throw new PaymentProviderError(`Viva webhook key request answered ${response.status}`);
    const body = (await response.json()) as { Key?: string };
    if (!body.Key) throw new PaymentProviderError('Viva webhook key answer has no Key');
    this.webhookKey = body.Key;
    return body.Key;
  }
}
