import type Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../shared/log.js';
import type { TopUpService } from './topup.service.js';

const log = createLogger('pay-notify');

/** Where the payment aggregator calls back. */
const PAY_NOTIFY_PATH = '/pay/notify';

const formParser = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });

/**
 * The payment callback as the aggregators call it: GET with a query string or POST with a form,
 * answered with the plain text `success` once the order is credited (now or before: callbacks
 * are retried and replayed), or `fail` (with 400) when refused, so the aggregator retries or
 * gives up. Never a GraphQL endpoint: aggregators speak plain HTTP.
 */
export function payNotifyRoute(orm: MikroORM, topUps: TopUpService): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== PAY_NOTIFY_PATH || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    let params: Record<string, string> = stringsOf(ctx.query);
    if (ctx.method === 'POST') {
      await formParser(ctx, async () => undefined);
      params = { ...params, ...stringsOf((ctx.request as { body?: unknown }).body) };
    }
    try {
      const result = await topUps.notify(orm.em.fork(), params);
      ctx.status = result.ok ? 200 : 400;
      ctx.type = 'text/plain';
      ctx.body = result.ok ? 'success' : 'fail';
    } catch (error) {
      log.error('payment callback failed', { outTradeNo: params.out_trade_no, error: String(error) });
      ctx.status = 500;
      ctx.type = 'text/plain';
      ctx.body = 'fail';
    }
  };
}

/** Only the single-valued string parameters (a repeated parameter is not something the protocol sends). */
function stringsOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}
