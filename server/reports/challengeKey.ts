import crypto from 'node:crypto';
import type { Engine } from '../db/engine';

const KEY_META = 'report_challenge_key';

/**
 * The key that signs report challenges: made once and kept in the database's meta table, so every instance (and a
 * restart) checks what any of them handed out.
 */
export function challengeKey(engine: Pick<Engine, 'getMeta' | 'setMetaOnce'>): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  const load = async (): Promise<Buffer> => {
    await engine.setMetaOnce(KEY_META, crypto.randomBytes(32).toString('hex'));
    return Buffer.from((await engine.getMeta(KEY_META))!, 'hex');
  };
  return () => {
    key ??= load().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}
