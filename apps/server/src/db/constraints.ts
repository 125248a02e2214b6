/** A unique constraint (or primary key) that a write broke: the table and its columns. */
export interface UniqueViolation {
  table: string;
  columns: string[];
}

/**
 * The unique constraint an insert or update broke, read from either driver's error, or null for
 * any other error. SQLite says `UNIQUE constraint failed: users.email`; PostgreSQL gives code
 * 23505, the table, and `Key (email)=(…) already exists.`
 */
export function uniqueViolation(error: unknown): UniqueViolation | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, table, detail } = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const columns = /constraint failed: (.+)$/.exec(String(message))?.[1]?.split(',').map((column) => column.trim()) ?? [];
    return { table: snakeToCamel(columns[0]?.split('.')[0] ?? ''), columns: columns.map((column) => snakeToCamel(column.split('.')[1] ?? '')) };
  }
  if (code === '23505') {
    const columns = /^Key \(([^)]+)\)=/.exec(String(detail))?.[1]?.split(',').map((column) => snakeToCamel(column.trim())) ?? [];
    return { table: snakeToCamel(String(table ?? '')), columns };
  }
  return null;
}

const snakeToCamel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
