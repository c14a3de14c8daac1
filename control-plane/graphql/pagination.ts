import { Field, ObjectType } from 'type-graphql';
import { badInput } from './errors.js';

/** Where a page of a cursor-paginated list ends, and whether more follows. */
@ObjectType('PageInfo', { description: 'Cursor pagination: pass `endCursor` as `after` for the next page' })
export class PageInfo {
  @Field(() => String, { nullable: true, description: 'Cursor of the last item of this page; null when the page is empty' })
  endCursor!: string | null;

  @Field(() => Boolean)
  hasNextPage!: boolean;
}

/** Largest `first` any list accepts. */
const MAX_PAGE_SIZE = 200;

/** Checks a `first` argument: 1 to {@link MAX_PAGE_SIZE}. */
export function pageSize(first: number): number {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) throw badInput('first', `must be from 1 to ${MAX_PAGE_SIZE}`);
  return first;
}

/** An opaque cursor for a list position given by its sort key parts. */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

/** The sort key parts of a cursor made by {@link encodeCursor} with `arity` parts; BAD_USER_INPUT on `after` otherwise. */
export function decodeCursor(cursor: string, arity: number): string[] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parts) && parts.length === arity && parts.every((p) => typeof p === 'string')) return parts as string[];
  } catch {
    // fall through to the error below
  }
  throw badInput('after', 'not a cursor of this list');
}
