/**
 * Micro-RMB (an integer string, as the reconciliation figures come) as an RMB decimal string with
 * six decimals: "-1500" -> "-0.001500". Digits are moved, never divided, so the amount stays exact.
 */
export function microToRmb(micro: string): string {
  const negative = micro.startsWith('-');
  const digits = (negative ? micro.slice(1) : micro).padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}
