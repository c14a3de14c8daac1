import { nestedDeeperThan } from '../../data-plane/http/json-depth.js';

const deeper = (text: string, max: number) => nestedDeeperThan(Buffer.from(text, 'utf8'), max);

describe('JSON nesting depth, measured on the bytes', () => {
  test('objects and arrays both count; siblings do not add up', () => {
    expect(deeper('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(deeper('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(deeper('[[],[],[],[]]', 2)).toBe(false);
    expect(deeper('{}', 1)).toBe(false);
    expect(deeper('1', 0)).toBe(false);
  });

  test('brackets inside strings do not count, escaped quotes included', () => {
    expect(deeper('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(deeper('{"a":"\\"[[[[","b":"\\\\"}', 1)).toBe(false);
    // After an escaped backslash the quote really ends the string: the brackets that follow count.
    expect(deeper('{"a":"\\\\","b":[[]]}', 2)).toBe(true);
    expect(deeper('{"中文":"[[","b":[]}', 2)).toBe(false);
  });

  test('100,000 nested arrays stop the scan at the limit', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(deeper(text, 64)).toBe(true);
    expect(deeper(text, 100_000)).toBe(false);
  });
});
