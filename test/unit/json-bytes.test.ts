import { JsonBytes } from '../../shared/billing/json-bytes.js';

/** The text JsonBytes writes for `value`, from a writer small enough to grow while writing it. */
function written(value: unknown): string {
  const out = new JsonBytes(4);
  out.value(value);
  return out.text();
}

/** [1, <hole>, 3]: an array with a hole, as `delete` leaves one. */
function sparse(): unknown[] {
  const values = [1, 2, 3];
  delete values[1];
  return values;
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

describe('JSON text written straight into bytes', () => {
  test.each([
    ['plain ASCII', 'req_7b2f9574cbfa4a8da89db776b5cffa27'],
    ['empty', ''],
    ['quotes and backslashes', 'say "hi" \\ bye'],
    ['control characters', 'a\nb\tc\u0000d\u001f'],
    ['non-ASCII', 'naïve 中文 ✓'],
    ['astral characters', 'emoji 😀 here'],
    ['lone surrogates', 'broken \ud800 and \udc00'],
    ['DEL', 'del \u007f'],
  ])('a string (%s) as JSON.stringify writes it', (_, value) => {
    expect(written(value)).toBe(JSON.stringify(value));
    expect(JSON.parse(written(value))).toBe(value);
  });

  test.each([0, -0, 7, 10, 99, 100, 1795684391036, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, -5, 1.5, 0.1, 1e21, 1e-7, NaN, Infinity, -Infinity])('the number %p as JSON.stringify writes it', (value) => {
    expect(written(value)).toBe(JSON.stringify(value));
  });

  test('objects and arrays as JSON.stringify writes them: key order, nesting, left-out values, toJSON, other prototypes', () => {
    const values: unknown[] = [
      { prompt_tokens: 12, completion_tokens: 50, total_tokens: 62, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
      { b: 1, 2: 'two', a: [1, 'x', null, true, false], 1: { nested: { deeper: [[], {}] } } },
      { kept: 1, gone: undefined, fn: () => 1, sym: Symbol('s'), nothing: null },
      [undefined, () => 1, Symbol('s'), 3],
      sparse(),
      { when: new Date(Date.UTC(2026, 10, 26)), at: new Point(1, 2), boxed: new Number(3), text: new String('s') },
      { toJSON: () => ({ replaced: true }) },
      Object.assign(Object.create(null) as object, { bare: 1 }),
      JSON.parse('{"__proto__": {"x": 1}, "y": 2}'),
      { 'key "quoted"': 1, 'ключ': 2 },
    ];
    for (const value of values) expect(written(value)).toBe(JSON.stringify(value));
  });

  test('nesting deeper than it walks is still written exactly', () => {
    let deep: unknown = { leaf: 'x' };
    for (let i = 0; i < 40; i++) deep = i % 2 === 0 ? { level: i, child: deep } : [i, deep];
    expect(written(deep)).toBe(JSON.stringify(deep));
  });

  test('a value JSON.stringify cannot write throws, as it does; undefined alone writes null (as in an array)', () => {
    expect(() => written({ amount: 10n })).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => written(cyclic)).toThrow(TypeError);
    expect(written(undefined)).toBe('null');
  });

  test('bytes are UTF-8; another writer\'s text appends after its own', () => {
    const first = new JsonBytes(2);
    first.string('a✓');
    first.byte(0x0a);
    const second = new JsonBytes(2);
    second.numberOrNull(null);
    second.byte(0x2c);
    second.numberOrNull(42);
    first.append(second);
    expect(first.text()).toBe('"a✓"\nnull,42');
    expect(first.bytes()).toEqual(Buffer.from('"a✓"\nnull,42', 'utf8'));
    expect(first.length).toBe(Buffer.byteLength('"a✓"\nnull,42'));
  });
});
