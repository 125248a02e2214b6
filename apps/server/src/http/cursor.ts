import { AppError } from './errors.ts';

/**
 * Keyset pages (the history, the notes): a page ends at its last item, and the next starts after
 * that item's sort key and id. The cursor carries both, opaque to the client.
 */
export function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof key === 'string' && typeof id === 'string') return { key, id };
  } catch {
    // falls through to the refusal below
  }
  throw new AppError(400, 'VALIDATION', 'Invalid cursor', 'before');
}

/** One page from `limit + 1` rows (the one more says whether a next page exists), with the cursor to that page. */
export function keysetPage<Row, Item extends { id: string }>(rows: Row[], limit: number, toItem: (row: Row) => Item, keyOf: (item: Item) => string) {
  const items = rows.slice(0, limit).map(toItem);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? Buffer.from(JSON.stringify([keyOf(last), last.id])).toString('base64url') : null;
  return { items, nextCursor };
}
