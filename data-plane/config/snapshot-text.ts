import { CONTENT_KEYS, sectionOfJson, wireSuffix, type DigestedSection, type Sections } from '../../shared/snapshot/hash.js';
import type { RoutingSnapshot, SnapshotHead } from '../../shared/snapshot/types.js';

/** The applied snapshot and its big sections as they were in its text. */
export interface AppliedText {
  snapshot: RoutingSnapshot;
  sections: Sections;
}

/** A parsed wire text. */
export interface ParsedText {
  /** The parsed value (unvalidated); a section equal to the applied one's is the applied snapshot's very array. */
  value: unknown;
  /** Its big sections as they are in the text; null when the text is not in the control plane's layout. */
  sections: Sections | null;
  /** The text whose sha256 must be the snapshot's hash (see snapshotHash), when the text is in that layout; else null. */
  hashed: string | null;
}

/** Stands in for a section in the skeleton: a string no snapshot has in a section's place. */
const PLACEHOLDER = '\u0000section';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

/**
 * Where `section`'s value is in `raw` (from `from` on), assuming the canonical layout (content
 * keys sorted, no whitespace); null when not found. When the value there starts with `known`
 * (the applied section's text), that text is taken as the whole value (checked by the caller).
 */
function spanOf(raw: string, section: DigestedSection, from: number, known: string | undefined): { start: number; end: number; known: boolean } | null {
  const i = CONTENT_KEYS.indexOf(section);
  const key = `"${section}":`;
  const at = i === 0 ? (raw.startsWith(`{${key}`) ? 1 : -1) : raw.indexOf(`,${key}`, from) + 1;
  if (at <= 0) return null;
  const start = at + key.length;
  // slice + === compares in one block; startsWith goes character by character, far slower on these long texts.
  if (known !== undefined && raw.slice(start, start + known.length) === known) return { start, end: start + known.length, known: true };
  const end = raw.indexOf(`,"${CONTENT_KEYS[i + 1]}":`, start);
  return end < 0 ? null : { start, end, known: false };
}

/**
 * Parses a snapshot's wire text, and avoids parsing what the applied snapshot already holds. The
 * control plane writes canonical JSON, where the channels and models sections (nine tenths of the
 * text) sit between known keys: their texts are cut out, and the rest (the skeleton, with a
 * placeholder in each section's place) is parsed alone; a section whose text equals the applied
 * one's is not parsed at all (its value is the applied snapshot's array, its digest is known), the
 * others are parsed and hashed on their own. This equals JSON.parse of the whole text whenever the
 * skeleton parses with the placeholders as the values of those two keys and each section parses
 * alone as one value (what it then is, in the same place); any other text, wherever the cuts fell,
 * is parsed whole. Throws what JSON.parse throws on text that is not JSON.
 */
export function parseSnapshotText(raw: string, applied?: AppliedText | null): ParsedText {
  const whole = (): ParsedText => ({ value: JSON.parse(raw) as unknown, sections: null, hashed: null });
  const channels = spanOf(raw, 'channels', 0, applied?.sections.channels.json);
  const models = channels && spanOf(raw, 'models', channels.end, applied?.sections.models.json);
  if (!channels || !models) return whole();
  try {
    const skeleton = JSON.parse(
      `${raw.slice(0, channels.start)}${PLACEHOLDER_JSON}${raw.slice(channels.end, models.start)}${PLACEHOLDER_JSON}${raw.slice(models.end)}`,
    ) as (Partial<Record<DigestedSection, unknown>> & Partial<SnapshotHead>) | null;
    if (skeleton?.channels !== PLACEHOLDER || skeleton.models !== PLACEHOLDER) return whole();
    const sections: Sections = {
      channels: channels.known ? applied!.sections.channels : sectionOfJson(raw.slice(channels.start, channels.end)),
      models: models.known ? applied!.sections.models : sectionOfJson(raw.slice(models.start, models.end)),
    };
    skeleton.channels = channels.known ? applied!.snapshot.channels : JSON.parse(sections.channels.json);
    skeleton.models = models.known ? applied!.snapshot.models : JSON.parse(sections.models.json);
    // The content is the text before the suffix the control plane appends; in the hashed text, each
    // big section is its digest.
    const suffix = wireSuffix(skeleton as SnapshotHead);
    const hashed = raw.endsWith(suffix)
      ? `${raw.slice(0, channels.start)}${JSON.stringify(sections.channels.digest)}${raw.slice(channels.end, models.start)}${JSON.stringify(sections.models.digest)}${raw.slice(models.end, raw.length - suffix.length)}}`
      : null;
    return { value: skeleton, sections, hashed };
  } catch {
    return whole(); // not cut where it seemed: the whole text decides (and throws if it is not JSON)
  }
}
