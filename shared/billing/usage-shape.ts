/**
 * The key structure ("shape") of an upstream's raw usage object, so that a usage stream entry
 * (./usage-event-codec.ts) writes the key names once and each event only its values: an upstream
 * reports its usage in the same keys on every answer, and the keys were most of an event's bytes
 * (`{"prompt_tokens":12,"completion_tokens":50,"total_tokens":62,"prompt_tokens_details":{...},...}`
 * becomes `[12,50,62,[0],[0]]`), bytes a busy data plane writes to Redis for every request.
 *
 * A shape covers plain objects (what JSON.parse makes) whose values are strings, numbers, booleans,
 * null, arrays (written whole) or such objects, up to {@link MAX_DEPTH} deep. Anything else has no
 * shape and is written whole, as is a `__proto__` key (a rebuilt object would not hold it as its own).
 */
import { isPlainObject, JSON_BYTE, type JsonBytes } from './json-bytes.js';

/** An object's own keys in the order JSON text writes them, and the shape of each value that is an object (null for the others). */
export interface UsageShape {
  readonly keys: readonly string[];
  readonly children: readonly (UsageShape | null)[];
}

type Plain = Readonly<Record<string, unknown>>;

const MAX_DEPTH = 4;
const { OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE, COMMA, COLON } = JSON_BYTE;

/** A value written as it is: a string, a number, a boolean, null, or an array. */
function isLeaf(v: unknown): boolean {
  const type = typeof v;
  return type === 'string' || type === 'number' || type === 'boolean' || v === null || Array.isArray(v);
}

/** The shape of `raw`, or null when it has none (see above). */
export function shapeOf(raw: unknown, depth = 0): UsageShape | null {
  if (!isPlainObject(raw) || depth >= MAX_DEPTH) return null;
  const keys: string[] = [];
  const children: (UsageShape | null)[] = [];
  // for-in, as in hasShape: own keys in the order Object.keys and JSON text give them.
  for (const key in raw) {
    if (!Object.hasOwn(raw, key)) continue;
    if (key === '__proto__') return null;
    const value = raw[key];
    let child: UsageShape | null = null;
    if (!isLeaf(value) && (child = shapeOf(value, depth + 1)) === null) return null;
    keys.push(key);
    children.push(child);
  }
  return { keys, children };
}

/** Whether `raw` has exactly `shape`: the same own keys in the same order, an object of the same shape wherever the shape has one. */
export function hasShape(raw: unknown, shape: UsageShape): boolean {
  if (!isPlainObject(raw)) return false;
  const { keys, children } = shape;
  let i = 0;
  for (const key in raw) {
    if (!Object.hasOwn(raw, key)) continue;
    if (i >= keys.length || key !== keys[i]) return false;
    const child = children[i++];
    const value = raw[key];
    if (child === null ? !isLeaf(value) : !hasShape(value, child)) return false;
  }
  return i === keys.length;
}

/** The shape as JSON text: an object of its keys, each holding 0 or the object of its own shape. */
export function writeShape(out: JsonBytes, shape: UsageShape): void {
  out.byte(OPEN_BRACE);
  shape.keys.forEach((key, i) => {
    if (i > 0) out.byte(COMMA);
    out.string(key);
    out.byte(COLON);
    const child = shape.children[i];
    if (child === null) out.number(0);
    else writeShape(out, child);
  });
  out.byte(CLOSE_BRACE);
}

/** The values of `raw`, which has `shape` ({@link hasShape}), in its keys' order: an array, nested where the shape is. */
export function writeShapedValues(out: JsonBytes, raw: Plain, shape: UsageShape): void {
  const { keys, children } = shape;
  out.byte(OPEN_BRACKET);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) out.byte(COMMA);
    const child = children[i];
    if (child === null) out.value(raw[keys[i]]);
    else writeShapedValues(out, raw[keys[i]] as Plain, child);
  }
  out.byte(CLOSE_BRACKET);
}

/** The object that `values` (read from an event line) stand for under a shape line's object `shape`; throws when they do not fit. */
export function shapedObject(shape: unknown, values: unknown): Record<string, unknown> {
  if (!isPlainObject(shape) || !Array.isArray(values)) throw new Error('usage event: raw usage values that do not fit their shape');
  const keys = Object.keys(shape);
  if (keys.length !== values.length) throw new Error(`usage event: ${values.length} raw usage values for a shape of ${keys.length} keys`);
  const object: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    const child = shape[key];
    object[key] = isPlainObject(child) ? shapedObject(child, values[i]) : values[i];
  });
  return object;
}
