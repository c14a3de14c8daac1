/**
 * Nesting depth of JSON text, measured on the bytes before parsing: `JSON.parse` itself takes any
 * depth, but everything after it that walks the value (translators, token estimates,
 * `JSON.stringify`) recurses, so a body of 100,000 nested arrays would overflow the stack there.
 */

const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when `json` opens more than `max` arrays or objects inside each other. Brackets inside
 * strings do not count. One pass over the bytes, stopping at the first level too deep; the text
 * need not be valid JSON (the parser judges that afterwards).
 */
export function nestedDeeperThan(json: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
  return false;
}
