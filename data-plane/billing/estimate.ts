import type { WireFormat } from '../../shared/formats.js';
import { estimatePromptTokensFromBytes, estimateReservation } from '../../shared/pricing/estimate.js';
import type { GroupRoute, RuntimeModel } from '../../shared/snapshot/runtime-config.js';

/** Output cap assumed when neither the request nor the model gives one (the relay's own fallback). */
export const FALLBACK_MAX_OUTPUT_TOKENS = 4096;

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** The output cap a request asks for, in its own format's field, or undefined. */
export function requestedMaxOutput(format: WireFormat, body: Record<string, unknown>): number | undefined {
  switch (format) {
    case 'chat-completions':
      return positiveInt(body.max_completion_tokens) ?? positiveInt(body.max_tokens);
    case 'messages':
      return positiveInt(body.max_tokens);
    case 'responses':
      return positiveInt(body.max_output_tokens);
    case 'generateContent': {
      const config = body.generationConfig;
      return typeof config === 'object' && config !== null ? positiveInt((config as Record<string, unknown>).maxOutputTokens) : undefined;
    }
  }
}

/**
 * The output tokens to reserve for: what the request asks for, else the model's default, else its
 * output limit, else {@link FALLBACK_MAX_OUTPUT_TOKENS}; never above the model's output limit
 * (the upstream would refuse more).
 */
export function maxOutputFor(format: WireFormat, body: Record<string, unknown>, model: RuntimeModel): number {
  const asked = requestedMaxOutput(format, body) ?? model.defaultMaxOutputTokens ?? model.limits.maxOutputTokens ?? FALLBACK_MAX_OUTPUT_TOKENS;
  return model.limits.maxOutputTokens === null ? asked : Math.min(asked, model.limits.maxOutputTokens);
}

/**
 * The reservation for a request that may be served by any of `routes`' groups: the largest estimate over
 * them (the group that serves is only known after the relay), each from the prompt estimated from
 * the body's size and the output cap, at the model's prices, rounded up.
 */
export function reservationFor(input: {
  format: WireFormat;
  body: Record<string, unknown>;
  bodyBytes: number;
  model: RuntimeModel;
  routes: readonly Pick<GroupRoute, 'group'>[];
  exchangeRate: string;
}): bigint {
  const { model } = input;
  const images = model.kind === 'image' ? (positiveInt(input.body.n) ?? 1) : 0;
  const promptTokensEstimate = estimatePromptTokensFromBytes(input.bodyBytes);
  const maxOutputTokens = maxOutputFor(input.format, input.body, model);
  let most = 0n;
  for (const { group } of input.routes) {
    const estimate = estimateReservation({
      prices: model.prices,
      groupMultiplier: group.multiplier,
      modelMultiplier: model.multiplier,
      exchangeRate: input.exchangeRate,
      billing: group.billing,
      promptTokensEstimate,
      maxOutputTokens,
      images,
    });
    if (estimate > most) most = estimate;
  }
  return most;
}
