import type { UsageEvent } from '../../shared/billing/usage-event.js';
import { makeUsage } from '../../shared/pricing/usage.js';

/** A complete, plausible usage event for tests; override what the test is about. */
export function sampleUsageEvent(overrides: Partial<UsageEvent> = {}): UsageEvent {
  const eventId = overrides.eventId ?? `req_${Math.random().toString(36).slice(2)}`;
  return {
    eventId,
    requestId: eventId,
    accountId: '00000000-0000-0000-0000-000000000001',
    tokenId: '00000000-0000-0000-0000-000000000002',
    model: 'demo-chat',
    group: 'alpha',
    channelId: null,
    node: 'test',
    formatIn: 'chat-completions',
    formatOut: 'chat-completions',
    stream: false,
    usage: makeUsage({ input: 10, output: 20 }),
    rawUsage: { prompt_tokens: 10, completion_tokens: 20 },
    usageSource: 'upstream',
    prices: { input: '1', output: '2' },
    billing: 'tokens',
    groupMultiplier: '1',
    modelMultiplier: '1',
    exchangeRate: '7',
    chargeMicro: '350',
    reservedMicro: '1000',
    status: 'success',
    httpStatus: 200,
    latencyMs: 12,
    firstByteMs: 5,
    createdAt: Date.now(),
    chargeBatch: null,
    ...overrides,
  };
}
