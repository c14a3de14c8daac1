import { MICRO_PER_UNIT, parseUsdToMicro } from '../../../../../shared/money';

/** Smallest top-up the API accepts, in USD (the service's stated minimum). */
export const MIN_TOP_UP_USD = 10;

/**
 * Why `text` cannot be sent as a top-up amount, or null when it can: parsed as the API parses it
 * (a plain decimal, at most six decimals) and compared exactly in micro-USD, so "9.999999" is
 * short of 10 and "10.000000" is not.
 */
export function topUpAmountProblem(text: string): 'invalid' | 'tooSmall' | null {
  let micro: bigint;
  try {
    micro = parseUsdToMicro(text.trim());
  } catch {
    return 'invalid';
  }
  return micro < BigInt(MIN_TOP_UP_USD) * MICRO_PER_UNIT ? 'tooSmall' : null;
}
