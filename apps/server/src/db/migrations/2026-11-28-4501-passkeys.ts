import type { Kysely } from 'kysely';

/**
 * Passkeys (issue 45): a member's public keys, the challenges handed out for them (single-use,
 * five minutes, in the database so that every process on PostgreSQL knows them), and which
 * passkey a session was signed in with: removing the passkey ends those sessions (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    // The credential id (base64url) the authenticator chose.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The random WebAuthn user handle the passkey was made for (never the email).
    .addColumn('user_handle', 'text', (c) => c.notNull())
    // The COSE public key, base64url.
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    // JSON list of transports ("internal", "hybrid"…), a hint for the next sign-in.
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    // 'register' (a member adds one), 'invitation' (made with an invitation's link), 'login'.
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_handle', 'text')
    .addColumn('link_id', 'text')
    // Who asked (a member, a link, an address): only their latest few challenges stay open.
    .addColumn('requester', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passkey_challenges_requester').on('passkey_challenges').columns(['requester', 'created_at']).execute();
  await db.schema.createIndex('passkey_challenges_expires_at').on('passkey_challenges').column('expires_at').execute();

  await db.schema.alterTable('sessions').addColumn('passkey_id', 'text', (c) => c.references('passkeys.id').onDelete('cascade')).execute();
  await db.schema.createIndex('sessions_passkey_id').on('sessions').column('passkey_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_passkey_id').execute();
  await db.schema.alterTable('sessions').dropColumn('passkey_id').execute();
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
