import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const VERSION = 'v1';

/** AES-256-GCM with a random 12-byte IV per value: `v1:<iv>:<tag>:<ciphertext>`, each part base64. */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('recipes encryption key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      // a wrong key or a changed byte fails here (GCM's tag), never returns garbage
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

const decodeKey = (v: string) => (/^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64'));

/**
 * RECIPES_ENCRYPTION_KEY from config, else a random key generated on first start and kept under the data dir
 * (as the token secret is); in-memory databases (tests) get a random key per process.
 */
export function resolveRecipesKey(config: Pick<Config, 'RECIPES_ENCRYPTION_KEY' | 'FM_DATA_DIR' | 'inMemory'>): Buffer {
  if (config.RECIPES_ENCRYPTION_KEY) return decodeKey(config.RECIPES_ENCRYPTION_KEY);
  if (config.inMemory) return randomBytes(32);
  const file = path.resolve(config.FM_DATA_DIR, 'recipes-key');
  if (existsSync(file)) return decodeKey(readFileSync(file, 'utf8').trim());
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
