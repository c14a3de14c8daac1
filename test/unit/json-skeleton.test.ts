/**
 * The incremental JSON reader under the streamed Gemini image answers
 * (data-plane/media/json-skeleton.ts): the value it builds equals JSON.parse's at any
 * chunk boundary, the strings it streams come out as written, and malformed JSON is refused.
 */
import { JsonSkeleton, type JsonPath } from '../../data-plane/media/json-skeleton.js';

/** Reads `text` `size` bytes at a time, streaming the strings at `path`; the value and the streamed strings' raw text. */
function read(text: string, size: number, streamed: (path: JsonPath) => boolean = () => false): { root: unknown; raw: string[]; closed: string[] } {
  const raw: string[] = [];
  const closed: string[] = [];
  let current: Buffer[] = [];
  const reader = new JsonSkeleton({
    streams: (path) => streamed(path),
    chunk: (bytes) => current.push(Buffer.from(bytes)),
    streamed: () => {
      raw.push(Buffer.concat(current).toString('utf8'));
      current = [];
    },
    objectEnd: (path) => closed.push(path.join('.')),
  });
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) reader.write(bytes.subarray(i, i + size));
  reader.end();
  return { root: reader.root, raw, closed };
}

const DOC = {
  a: [1, -2.5e3, 0.125, true, false, null, {}, [], [[]]],
  'k\u00e9y "quoted"': 'caf\u00e9 \u4e2d\u6587 \ud83d\ude00 \\ / \n\t',
  nested: { deep: { deeper: [{ x: 'y' }] } },
  empty: '',
};

test('the value equals what JSON.parse makes, at every chunk size', () => {
  const text = JSON.stringify(DOC, null, 2);
  for (const size of [1, 2, 3, 5, 13, 1 << 16]) expect(read(text, size).root).toEqual(JSON.parse(text));
});

test('a key "__proto__" is data, as JSON.parse makes it', () => {
  const { root } = read('{"__proto__": {"polluted": true}}', 4);
  expect(Object.getPrototypeOf(root)).toBe(Object.prototype);
  expect(Object.keys(root as object)).toEqual(['__proto__']);
});

test('strings picked by path are streamed as written and left out of the value; objects report their path as they close', () => {
  const text = String.raw`{"items":[{"data":"ab\"c\\","keep":"x"},{"data":"\u00e9"}],"tail":1}`;
  const { root, raw, closed } = read(text, 2, (path) => path.length === 3 && path[0] === 'items' && path[2] === 'data');
  expect(raw).toEqual([String.raw`ab\"c\\`, String.raw`\u00e9`]);
  expect(root).toEqual({ items: [{ keep: 'x' }, {}], tail: 1 });
  expect(closed).toEqual(['items.0', 'items.1', '']);
});

test('malformed or incomplete JSON, and a kept string past the limit, are refused', () => {
  for (const bad of ['{"a" 1}', '{"a":1,}', '[1 2]', '{"a":tru}', '{"a":1}}', '{"a":[1,2}', '"abc']) expect(() => read(bad, 3)).toThrow(SyntaxError);
  expect(() => read('{"a":[1,2]', 3)).toThrow('ended before it was complete');
  const reader = new JsonSkeleton({ streams: () => false, chunk: () => undefined, streamed: () => undefined }, 8);
  expect(() => reader.write(Buffer.from('{"a":"0123456789"}'))).toThrow('longer than 8 bytes');
});
