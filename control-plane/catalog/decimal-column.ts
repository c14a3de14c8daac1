import { DecimalType } from '@mikro-orm/core';
import { decimalToString, parseDecimal } from '../../shared/decimal.js';

/**
 * A NUMERIC column read back as a canonical decimal string: PostgreSQL returns `numeric(12,6)` as
 * "4.500000", which would then differ from what the admin typed and from the snapshot's strings.
 */
export class CanonicalDecimalType extends DecimalType<'string'> {
  constructor() {
    super('string');
  }

  override convertToJSValue(value: string): string {
    return decimalToString(parseDecimal(String(value), { allowNegative: true }));
  }
}
