import type { Stage, WithBody } from './state.js';

/**
 * Last stage of POST /v1/messages/count_tokens, answered locally with an estimate (about 4 bytes
 * of prompt JSON per token), so clients that size their context before sending keep working on
 * every channel kind without an upstream round trip.
 */
export function countTokens(): Stage<WithBody> {
  return async (ctx) => {
    const { body } = ctx.state;
    const prompt = JSON.stringify([body.system ?? null, body.messages, body.tools ?? null]);
    ctx.body = { input_tokens: Math.max(1, Math.ceil(Buffer.byteLength(prompt) / 4)) };
  };
}
