import { parse } from 'graphql';
import { checkQueryLimits } from '../../control-plane/graphql/limits.js';

const limits = { maxDepth: 3, maxCost: 20 };
const messages = (q: string, vars = {}) => checkQueryLimits(parse(q), vars, limits).map((e) => e.message);

test('accepts a query within both limits', () => {
  expect(messages('{ a { b { c } } }')).toEqual([]);
});

test('rejects depth beyond the limit, through fragments too', () => {
  expect(messages('{ a { b { c { d } } } }')).toEqual(['Query depth 4 exceeds the limit of 3']);
  expect(messages('{ a { ...F } } fragment F on T { b { c { d } } }')).toEqual(['Query depth 4 exceeds the limit of 3']);
});

test('list arguments multiply the cost of what they select, literal or variable', () => {
  expect(messages('{ a(first: 5) { b c } }')).toEqual([]); // 1 + 2*5 = 11
  expect(messages('{ a(first: 10) { b c } }')).toEqual(['Query cost 21 exceeds the limit of 20']);
  expect(messages('query($n: Int) { a(first: $n) { b c } }', { n: 10 })).toEqual(['Query cost 21 exceeds the limit of 20']);
});

test('a fragment cycle does not loop forever', () => {
  expect(messages('{ a { ...F } } fragment F on T { b ...F }')).toEqual([]);
});

test('each use of a fragment counts', () => {
  expect(messages('{ x: a { ...F } y: a { ...F } } fragment F on T { b c d e f g h i j k }')).toEqual([
    'Query cost 22 exceeds the limit of 20',
  ]);
});
