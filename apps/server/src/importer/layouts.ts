import fs from 'node:fs/promises';

/**
 * The JSON layouts the common Firestore exporters write, told apart by their
 * shape and brought to one form: collection → document id → plain fields.
 */

/** The collections of the original app that Rustico reads, and the one it knowingly skips. */
export const READ_COLLECTIONS = ['users', 'events', 'notes', 'kilowatt'] as const;
export const KNOWN_COLLECTIONS = [...READ_COLLECTIONS, 'userTokens'] as const;
export type KnownCollection = (typeof KNOWN_COLLECTIONS)[number];

export const LAYOUTS = {
  nodeFirestoreImportExport:
    'node-firestore-import-export (collections under "__collections__", timestamps, geopoints and references tagged with "__datatype__")',
  firestoreExportImport: 'firestore-export-import (collections at the top level, documents keyed by id, timestamps as { "_seconds" } or { "seconds" })',
  documentArrays: 'arrays of documents (collections at the top level, each a list of documents with their "id")',
} as const;

/** The file cannot be imported; the message says what it holds and what would do. */
export class ExportRefused extends Error {}

/** The export file's JSON, or why it cannot be read. */
export async function readExportFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new ExportRefused(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ExportRefused(`${file} is not a JSON file${text.trim() ? ` (${(error as Error).message})` : ': it is empty'}.`);
  }
}

export interface ExportContents {
  layout: string;
  collections: Record<KnownCollection, Record<string, unknown>>;
  /** Collections in the file that the original app did not have, with their document counts. */
  notRead: { collection: string; documents: number }[];
  /** Documents that could not be read as documents at all (an array entry without `id`, an id Firestore reserves, a sub-collection). */
  unreadable: { collection: string; id: string; reason: string }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Documents by id without a prototype: an id such as `__proto__` stays a key like
 * any other instead of replacing the object's prototype (and vanishing).
 */
const documentsById = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/** Firestore reserves ids of the form `__…__`: no document of the original app has one. */
const RESERVED_ID = /^__.*__$/;

/**
 * Firestore nests a document's fields at most 20 levels deep; with the layouts' own
 * wrappers an export stays far below this. Decoding a deeper file would overflow the stack.
 */
export const MAX_EXPORT_DEPTH = 100;

/** Whether the value nests deeper than `limit`, found without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

const understood = () => Object.values(LAYOUTS).map((layout) => `  - ${layout}`).join('\n');

function refuse(reason: string): never {
  throw new ExportRefused(`${reason}\nRustico reads the Firestore exports of these layouts:\n${understood()}\nSee "Moving over from the original app" in docs/operations.md.`);
}

/**
 * node-firestore-import-export tags what JSON cannot hold. A timestamp becomes
 * a Date; a geopoint its coordinates; a reference the id of the document it
 * points to, which is how the original app's fields name users and bookings.
 */
function decodeTagged(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeTagged);
  if (!isObject(value)) return value;
  if (typeof value.__datatype__ === 'string' && 'value' in value) {
    const inner = value.value;
    switch (value.__datatype__) {
      case 'timestamp': {
        const t = isObject(inner) ? inner : {};
        const seconds = Number(t._seconds ?? t.seconds);
        const nanoseconds = Number(t._nanoseconds ?? t.nanoseconds ?? 0);
        return new Date(seconds * 1000 + Math.floor(nanoseconds / 1e6));
      }
      case 'geopoint': {
        const g = isObject(inner) ? inner : {};
        return { latitude: g._latitude ?? g.latitude, longitude: g._longitude ?? g.longitude };
      }
      case 'documentReference':
        return typeof inner === 'string' ? inner.split('/').filter(Boolean).at(-1) : inner;
      default:
        return inner;
    }
  }
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, decodeTagged(field)]));
}

const documents = (n: number) => (n === 1 ? '1 document' : `${n} documents`);
const documentCount = (value: unknown) => (Array.isArray(value) ? value.length : isObject(value) ? Object.keys(value).length : 0);

export function readExport(data: unknown): ExportContents {
  if (!isObject(data)) refuse(`Not a Firestore export: the file holds ${Array.isArray(data) ? 'a list' : `a ${data === null ? 'null' : typeof data}`}, not collections.`);
  if (nestsDeeperThan(data, MAX_EXPORT_DEPTH)) {
    refuse(`Not a Firestore export: the file nests values more than ${MAX_EXPORT_DEPTH} levels deep, and Firestore keeps a document's fields within 20.`);
  }

  const tagged = isObject(data.__collections__);
  const top = tagged ? (data.__collections__ as Json) : data;
  const layout = tagged
    ? LAYOUTS.nodeFirestoreImportExport
    : Object.values(top).some(Array.isArray)
      ? LAYOUTS.documentArrays
      : LAYOUTS.firestoreExportImport;

  const hasDocuments = READ_COLLECTIONS.some((name) => documentCount(top[name]) > 0);
  if (!hasDocuments) {
    const found = Object.entries(top).map(([name, value]) => `${name} (${documents(documentCount(value))})`);
    refuse(
      `Not a Firestore export of the original app: it holds no documents in users, events, notes or kilowatt.\n` +
        `Found ${found.length ? found.join(', ') : 'nothing'}${tagged ? ' under "__collections__"' : ' at the top level'}.`,
    );
  }

  const contents: ExportContents = {
    layout,
    collections: { users: documentsById(), events: documentsById(), notes: documentsById(), kilowatt: documentsById(), userTokens: documentsById() },
    notRead: Object.entries(top)
      .filter(([name]) => !(KNOWN_COLLECTIONS as readonly string[]).includes(name))
      .map(([collection, value]) => ({ collection, documents: documentCount(value) })),
    unreadable: [],
  };
  const add = (collection: KnownCollection, id: string, doc: unknown) => {
    if (RESERVED_ID.test(id)) contents.unreadable.push({ collection, id, reason: 'an id of the form __…__, which Firestore reserves: no document of the original app has one' });
    else contents.collections[collection][id] = doc;
  };
  for (const name of KNOWN_COLLECTIONS) {
    const value = top[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      value.forEach((doc, index) => {
        if (isObject(doc) && typeof doc.id === 'string' && doc.id) add(name, doc.id, doc);
        else contents.unreadable.push({ collection: name, id: `#${index + 1}`, reason: 'a list entry without an "id"' });
      });
    } else if (isObject(value)) {
      for (const [id, doc] of Object.entries(value)) {
        if (!tagged || !isObject(doc)) {
          add(name, id, doc);
          continue;
        }
        const { __collections__: subCollections, ...fields } = doc;
        add(name, id, decodeTagged(fields));
        for (const [sub, docs] of Object.entries(isObject(subCollections) ? subCollections : {})) {
          if (documentCount(docs) > 0) {
            contents.unreadable.push({ collection: name, id: `${id}/${sub}`, reason: `a sub-collection (${documents(documentCount(docs))}) the original app did not write` });
          }
        }
      }
    } else {
      refuse(`Not a Firestore export: "${name}" is neither documents keyed by id nor a list of documents.`);
    }
  }
  return contents;
}
