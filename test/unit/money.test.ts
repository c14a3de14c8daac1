import {
  addDecimal,
  compareDecimal,
  DecimalError,
  decimalToString,
  isDecimalString,
  mulDecimal,
  parseDecimal,
  roundDecimal,
  shiftDecimal,
  type Decimal,
} from '../../shared/decimal.js';
import {
  formatMicro,
  formatMicroRmb,
  parseExchangeRate,
  parseRmbToMicro,
  parseToMicro,
  parseUsdToMicro,
  usdToMicroRmb,
} from '../../shared/money.js';

const d = (coef: bigint, scale: number): Decimal => ({ coef, scale });

describe('parseDecimal', () => {
  it.each([
    ['0', 0n, 0],
    ['3', 3n, 0],
    ['0.30', 30n, 2],
    ['15.000001', 15000001n, 6],
    ['007', 7n, 0],
    ['123456789012345678901234567890', 123456789012345678901234567890n, 0],
  ])('parses %s exactly', (text, coef, scale) => {
    expect(parseDecimal(text)).toEqual({ coef, scale });
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '+1',
    '-1',
    '1e3',
    '1E-3',
    'NaN',
    'Infinity',
    '.5',
    '5.',
    '1,000',
    '1.2.3',
    '0x10',
    '١٢',
    '1'.repeat(65),
  ])('rejects %j', (text) => {
    expect(() => parseDecimal(text)).toThrow(DecimalError);
    expect(isDecimalString(text)).toBe(false);
  });

  it.each([1, 1n, null, undefined, {}, ['1']])('rejects the non-string %p', (value) => {
    expect(() => parseDecimal(value)).toThrow(DecimalError);
  });

  it('accepts negatives only when allowed, "-0" included', () => {
    expect(parseDecimal('-2.5', { allowNegative: true })).toEqual(d(-25n, 1));
    expect(parseDecimal('-0', { allowNegative: true })).toEqual(d(0n, 0));
    expect(() => parseDecimal('-0')).toThrow('must not be negative');
  });

  it('limits fractional digits, never rounding silently', () => {
    expect(parseDecimal('0.' + '1'.repeat(18))).toEqual(d(111111111111111111n, 18));
    expect(() => parseDecimal('0.' + '1'.repeat(19))).toThrow('at most 18 digits');
    expect(() => parseDecimal('1.25', { maxScale: 1, label: 'rate' })).toThrow(/^rate: at most 1 digits/);
  });
});

describe('decimal arithmetic', () => {
  it('adds across scales exactly', () => {
    // 0.1 + 0.2 = 0.3 exactly (the float classic)
    expect(decimalToString(addDecimal(parseDecimal('0.1'), parseDecimal('0.2')))).toBe('0.3');
    expect(decimalToString(addDecimal(parseDecimal('15.000001'), parseDecimal('3')))).toBe('18.000001');
  });

  it('multiplies exactly, scales add', () => {
    // 4.5 x 0.35 x 7.1234 = 1.575 x 7.1234 = 11.219355
    const product = mulDecimal(mulDecimal(parseDecimal('4.5'), parseDecimal('0.35')), parseDecimal('7.1234'));
    expect(product.scale).toBe(7);
    expect(decimalToString(product)).toBe('11.219355');
  });

  it('shifts by powers of ten both ways', () => {
    expect(decimalToString(shiftDecimal(parseDecimal('3'), 6))).toBe('0.000003');
    expect(decimalToString(shiftDecimal(parseDecimal('0.000003'), -6))).toBe('3');
  });

  it('compares across scales', () => {
    expect(compareDecimal(parseDecimal('0.30'), parseDecimal('0.3'))).toBe(0);
    expect(compareDecimal(parseDecimal('3.75'), parseDecimal('6'))).toBe(-1);
    expect(compareDecimal(parseDecimal('15.000001'), parseDecimal('15'))).toBe(1);
  });

  it('prints canonical strings', () => {
    expect(decimalToString(d(0n, 5))).toBe('0');
    expect(decimalToString(d(1n, 6))).toBe('0.000001');
    expect(decimalToString(d(-5n, 1))).toBe('-0.5');
    expect(decimalToString(d(1200n, 2))).toBe('12');
  });
});

describe('roundDecimal', () => {
  it.each([
    // value, half-up, ceil, floor
    ['2.5', 3n, 3n, 2n],
    ['2.4999999999', 2n, 3n, 2n],
    ['2.5000000001', 3n, 3n, 2n],
    ['0.5', 1n, 1n, 0n],
    ['0.4', 0n, 1n, 0n],
    ['7', 7n, 7n, 7n],
    ['7.000', 7n, 7n, 7n],
    ['0.000000000000000001', 0n, 1n, 0n],
  ])('%s -> half-up %p, ceil %p, floor %p', (text, halfUp, ceil, floor) => {
    const value = parseDecimal(text);
    expect(roundDecimal(value, 'half-up')).toBe(halfUp);
    expect(roundDecimal(value, 'ceil')).toBe(ceil);
    expect(roundDecimal(value, 'floor')).toBe(floor);
  });

  it.each([
    ['-2.5', -3n, -2n, -3n],
    ['-2.4', -2n, -2n, -3n],
    ['-0.5', -1n, 0n, -1n],
  ])('negative %s -> half-up (away from zero) %p, ceil %p, floor %p', (text, halfUp, ceil, floor) => {
    const value = parseDecimal(text, { allowNegative: true });
    expect(roundDecimal(value, 'half-up')).toBe(halfUp);
    expect(roundDecimal(value, 'ceil')).toBe(ceil);
    expect(roundDecimal(value, 'floor')).toBe(floor);
  });
});

describe('formatMicro', () => {
  it.each([
    [200000n, '0.200000', '0.2'],
    [0n, '0.000000', '0'],
    [1n, '0.000001', '0.000001'],
    [12000000n, '12.000000', '12'],
    [71234000n, '71.234000', '71.234'],
    [-500000n, '-0.500000', '-0.5'],
    [-1n, '-0.000001', '-0.000001'],
    [123456789012345678901234567n, '123456789012345678901.234567', '123456789012345678901.234567'],
  ])('%p -> %s / trimmed %s', (micro, fixed, trimmed) => {
    expect(formatMicro(micro)).toBe(fixed);
    expect(formatMicroRmb(micro)).toBe(fixed);
    expect(formatMicroRmb(micro, { trim: true })).toBe(trimmed);
  });
});

describe('parse money to micro', () => {
  it.each([
    ['0.20', 200000n],
    ['0.2', 200000n],
    ['10', 10000000n],
    ['12.345678', 12345678n],
    ['0.000001', 1n],
    ['0', 0n],
  ])('%s -> %p', (text, micro) => {
    expect(parseRmbToMicro(text)).toBe(micro);
    expect(parseUsdToMicro(text)).toBe(micro);
    expect(parseToMicro(text)).toBe(micro);
  });

  it('round-trips with formatMicro', () => {
    for (const micro of [0n, 1n, 199999n, 200000n, 987654321012n]) {
      expect(parseRmbToMicro(formatMicroRmb(micro))).toBe(micro);
      expect(parseRmbToMicro(formatMicroRmb(micro, { trim: true }))).toBe(micro);
    }
  });

  it('rejects more than six decimals instead of rounding', () => {
    expect(() => parseRmbToMicro('0.0000001')).toThrow(/RMB amount: at most 6 digits/);
  });

  it('rejects negatives unless allowed', () => {
    expect(() => parseRmbToMicro('-1')).toThrow(DecimalError);
    expect(parseRmbToMicro('-1.5', { allowNegative: true })).toBe(-1500000n);
  });

  it.each(['', 'abc', '1e2', 'NaN', ' 1'])('rejects %j', (text) => {
    expect(() => parseUsdToMicro(text)).toThrow(DecimalError);
  });
});

describe('usdToMicroRmb', () => {
  it('converts a top-up exactly: 10 USD x 7.1234 = 71.234 RMB', () => {
    expect(usdToMicroRmb('10', '7.1234')).toBe(71234000n);
  });

  it('rounds once, half up, at the micro', () => {
    // 0.000001 USD x 7.5 = 0.0000075 RMB = 7.5 micro -> 8
    expect(usdToMicroRmb('0.000001', '7.5')).toBe(8n);
    // 0.000001 USD x 7.4999 = 7.4999 micro -> 7
    expect(usdToMicroRmb('0.000001', '7.4999')).toBe(7n);
    // 33.333333 USD x 7.123456789 in micro: 33,333,333 x 7,123,456,789 / 10^9
    //   33,333,333 = (10^8 - 1) / 3, so the product is (712,345,678,900,000,000 - 7,123,456,789) / 3
    //   = 712,345,671,776,543,211 / 3 = 237,448,557,258,847,737 -> / 10^9 = 237,448,557.2588... -> 237448557
    expect(usdToMicroRmb('33.333333', '7.123456789')).toBe(237448557n);
  });

  it('handles amounts far beyond 2^53 micro', () => {
    // 10^15 USD x 7 = 7 x 10^15 RMB = 7 x 10^21 micro
    expect(usdToMicroRmb('1000000000000000', '7')).toBe(7000000000000000000000n);
  });

  it('rejects a zero, negative or malformed rate and a malformed amount', () => {
    expect(() => usdToMicroRmb('10', '0')).toThrow('greater than zero');
    expect(() => usdToMicroRmb('10', '0.000')).toThrow('greater than zero');
    expect(() => usdToMicroRmb('10', '-7')).toThrow(DecimalError);
    expect(() => usdToMicroRmb('10', '7e0')).toThrow(DecimalError);
    expect(() => usdToMicroRmb('-10', '7')).toThrow(DecimalError);
    expect(() => usdToMicroRmb('10.0000001', '7')).toThrow(DecimalError);
    expect(parseExchangeRate('7.1234')).toEqual(d(71234n, 4));
  });
});
