import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isWireFormat, type WireFormat } from '../../shared/formats.js';
import { translatorFor } from '../../shared/wire/translators.js';
import { TranslationError, type StreamEvent, type TranslateContext } from '../../shared/wire/translate/translator.js';

/**
 * Golden files: test/golden/<from>-to-<to>/<case>.json, where <from>/<to> are short format names
 * (chat, messages, gemini, responses). A pair without a translator of its own is run the way the
 * relay runs it, composed through chat (responses-to-messages, responses-to-gemini). Each case
 * holds a translate context and any of:
 *   request:  { in, out } or { in, error }   (error: a substring of the TranslationError message)
 *   response: { in, out }
 *   stream:   { in: StreamEvent[], out: StreamEvent[] }
 */
const SHORT: Record<string, WireFormat> = {
  chat: 'chat-completions',
  messages: 'messages',
  gemini: 'generateContent',
  responses: 'responses',
};

interface GoldenCase {
  context: TranslateContext;
  request?: { in: Record<string, unknown>; out?: Record<string, unknown>; error?: string };
  response?: { in: Record<string, unknown>; out: Record<string, unknown> };
  stream?: { in: StreamEvent[]; out: StreamEvent[] };
}

const root = dirname(fileURLToPath(import.meta.url));
const pairs = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^[a-z]+-to-[a-z]+$/.test(d.name))
  .map((d) => d.name);

test('every golden directory names a known format pair', () => {
  for (const pair of pairs) {
    const [from, to] = pair.split('-to-');
    expect(isWireFormat(SHORT[from])).toBe(true);
    expect(isWireFormat(SHORT[to])).toBe(true);
  }
});

describe.each(pairs)('%s', (pair) => {
  const [from, to] = pair.split('-to-').map((s) => SHORT[s]);
  const cases = readdirSync(join(root, pair)).filter((f) => f.endsWith('.json'));

  test.each(cases)('%s', (file) => {
    const golden = JSON.parse(readFileSync(join(root, pair, file), 'utf8')) as GoldenCase;
    const fresh = () => {
      const t = translatorFor(from, to);
      if (!t) throw new Error(`no translator registered for ${from} -> ${to}`);
      return t;
    };
    if (golden.request) {
      const t = fresh();
      if (golden.request.error !== undefined) {
        expect(() => t.request(golden.request!.in, golden.context)).toThrow(TranslationError);
        expect(() => t.request(golden.request!.in, golden.context)).toThrow(golden.request.error);
      } else {
        expect(t.request(golden.request.in, golden.context)).toEqual(golden.request.out);
      }
    }
    if (golden.response) {
      const t = fresh();
      t.request(golden.request?.in ?? {}, golden.context);
      expect(t.response(golden.response.in)).toEqual(golden.response.out);
    }
    if (golden.stream) {
      const t = fresh();
      t.request(golden.request?.in ?? {}, { ...golden.context, stream: true });
      const out = [...golden.stream.in.flatMap((e) => t.streamEvent(e)), ...t.streamEnd()];
      expect(out).toEqual(golden.stream.out);
    }
  });
});
