/**
 * A fake "epay" payment aggregator for tests: one node:http server with the aggregator's payment
 * page (`/submit.php`) and a "pay" button. It checks what the payer's browser brings the way the
 * real one does (merchant id, MD5 signature with the merchant key, amount, addresses), and after
 * payment calls the merchant's `notify_url` with a callback it signs itself, then sends the payer
 * back to `return_url` with the signed parameters appended (as aggregators do). Its signing is
 * its own code, written from the protocol, so a mistake in ours cannot cancel out.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A payment request the fake accepted (signature checked). */
export interface EpayOrder {
  pid: string;
  type: string;
  outTradeNo: string;
  notifyUrl: string;
  returnUrl: string;
  name: string;
  money: string;
  /** Set when the payer pressed "pay". */
  tradeNo?: string;
}

/** What the merchant answered to one callback. */
export interface EpayCallback {
  outTradeNo: string;
  status: number;
  body: string;
}

/** The protocol's signature: MD5 of the non-empty parameters but sign/sign_type, sorted, `k=v&...`, then the key. */
function md5Sign(params: Record<string, string>, key: string): string {
  const text = Object.entries(params)
    .filter(([k, v]) => k !== 'sign' && k !== 'sign_type' && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return createHash('md5').update(`${text}${key}`, 'utf8').digest('hex');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fake aggregator; `url` is its payment page, to set as PAY_GATEWAY_URL. */
export class FakeEpayGateway {
  /** Orders accepted, by our order number. */
  readonly orders = new Map<string, EpayOrder>();
  /** Payment requests refused, with why (a bad signature, another merchant ...). */
  readonly refused: string[] = [];
  /** Every callback sent and the merchant's answer. */
  readonly callbacks: EpayCallback[] = [];
  /**
   * When true (the default) pressing "pay" calls `notify_url` before sending the payer back;
   * when false the payer is back first and the callback waits for {@link notify}.
   */
  notifyOnPay = true;

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly merchant: { id: string; key: string },
  ) {}

  /** Starts the fake on a free port of 127.0.0.1 for one merchant. */
  static async start(merchant: { id: string; key: string }): Promise<FakeEpayGateway> {
    const server = http.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const gateway = new FakeEpayGateway(server, `http://127.0.0.1:${port}/submit.php`, merchant);
    server.on('request', (req, res) => void gateway.handle(req, res));
    return gateway;
  }

  /** The order with this number, once its payment page was opened. */
  order(outTradeNo: string): EpayOrder {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`the gateway has no order ${outTradeNo}`);
    return order;
  }

  /** The signed parameters of a successful payment, as the callback and the return carry them. */
  private paidParams(order: EpayOrder): Record<string, string> {
    const params: Record<string, string> = {
      pid: this.merchant.id,
      trade_no: order.tradeNo!,
      out_trade_no: order.outTradeNo,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
    };
    return { ...params, sign: md5Sign(params, this.merchant.key), sign_type: 'MD5' };
  }

  /** Calls the merchant's `notify_url` for a paid order (POST form), as the aggregator does; returns the answer. */
  async notify(outTradeNo: string): Promise<EpayCallback> {
    const order = this.order(outTradeNo);
    if (!order.tradeNo) throw new Error(`order ${outTradeNo} is not paid`);
    const res = await fetch(order.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(this.paidParams(order)).toString(),
    });
    const callback = { outTradeNo, status: res.status, body: await res.text() };
    this.callbacks.push(callback);
    return callback;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    try {
      if (req.method === 'GET' && url.pathname === '/submit.php') return this.paymentPage(Object.fromEntries(url.searchParams), res);
      if (req.method === 'POST' && url.pathname === '/pay') {
        let body = '';
        for await (const chunk of req) body += chunk;
        return await this.pay(new URLSearchParams(body).get('out_trade_no') ?? '', res);
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  }

  /** Checks a payment request; refused ones get a 400 page naming why. */
  private check(p: Record<string, string>): string | null {
    if (p.pid !== this.merchant.id) return `unknown merchant ${p.pid}`;
    if ((p.sign_type ?? '') !== 'MD5') return `sign_type ${p.sign_type}`;
    if (!p.sign || p.sign !== md5Sign(p, this.merchant.key)) return 'bad signature';
    if (!/^\d+\.\d{2}$/.test(p.money ?? '') || Number(p.money) <= 0) return `bad money ${p.money}`;
    for (const k of ['out_trade_no', 'type', 'name']) if (!p[k]) return `missing ${k}`;
    for (const k of ['notify_url', 'return_url']) {
      if (!/^https?:\/\//.test(p[k] ?? '')) return `bad ${k} ${p[k]}`;
    }
    return null;
  }

  private paymentPage(p: Record<string, string>, res: http.ServerResponse): void {
    const problem = this.check(p);
    if (problem) {
      this.refused.push(problem);
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Refused</title><h1>Payment refused</h1><p>${escapeHtml(problem)}</p>`);
      return;
    }
    const order: EpayOrder = { pid: p.pid, type: p.type, outTradeNo: p.out_trade_no, notifyUrl: p.notify_url, returnUrl: p.return_url, name: p.name, money: p.money };
    this.orders.set(order.outTradeNo, this.orders.get(order.outTradeNo) ?? order);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake pay</title></head>
<body><main><h1>Fake payment</h1>
<p>${escapeHtml(order.name)}</p><p id="money">¥${escapeHtml(order.money)}</p>
<form method="post" action="/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(order.outTradeNo)}">
<button type="submit">Pay ¥${escapeHtml(order.money)}</button></form></main></body></html>`);
  }

  /** The payer pressed "pay": the order is paid, the merchant told (now or later), the payer sent back. */
  private async pay(outTradeNo: string, res: http.ServerResponse): Promise<void> {
    const order = this.order(outTradeNo);
    order.tradeNo ??= `2026${randomBytes(6).toString('hex')}`;
    if (this.notifyOnPay) {
      const answer = await this.notify(outTradeNo);
      if (answer.body !== 'success') throw new Error(`the merchant answered ${answer.status} ${answer.body}`);
    }
    const back = new URL(order.returnUrl);
    for (const [k, v] of Object.entries(this.paidParams(order))) back.searchParams.set(k, v);
    res.writeHead(302, { location: back.toString() }).end();
  }

  /** Stops the server. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
