/** Rate limits as the API gives and takes them: each a whole number, or null for none. */
export interface Limits {
  rpm?: number | null;
  tpm?: number | null;
  concurrency?: number | null;
}

/** The three kinds, in the order the forms show them. */
export const LIMIT_KINDS = ['rpm', 'tpm', 'concurrency'] as const;

/** The limits as typed: '' for none. */
export type LimitTexts = Record<(typeof LIMIT_KINDS)[number], string>;

/** The form's texts of `limits`. */
export function limitTexts(limits: Limits | null | undefined): LimitTexts {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return { rpm: text(limits?.rpm), tpm: text(limits?.tpm), concurrency: text(limits?.concurrency) };
}

/** The kinds whose text is neither empty nor a whole number from 1 (the API would refuse them). */
export function invalidLimits(texts: LimitTexts): (keyof LimitTexts)[] {
  return LIMIT_KINDS.filter((kind) => texts[kind].trim() !== '' && !/^[1-9]\d{0,9}$/.test(texts[kind].trim()));
}

/** The texts as the API takes them (call after {@link invalidLimits} found none). */
export function limitsInput(texts: LimitTexts): Required<Limits> {
  const value = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return { rpm: value(texts.rpm), tpm: value(texts.tpm), concurrency: value(texts.concurrency) };
}
