import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
/** Verifying refuses digests that would take more memory than this (cost 17: 128 MiB). */
const MAX_VERIFIED_COST = 17;

/** scrypt needs 128 · N · r bytes; room is left above that for its bookkeeping. */
const optionsFor = (cost: number): ScryptOptions => ({
  N: 2 ** cost,
  r: BLOCK_SIZE,
  p: PARALLELISM,
  maxmem: 2 * 128 * 2 ** cost * BLOCK_SIZE,
});

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Passwords hashed with scrypt (memory-hard; at the default cost 15, 32 MiB and about 0.1 s per
 * hash), encoded with their parameters, so digests made at another cost still verify.
 */
@Injectable()
export class PasswordHasher {
  private readonly options: ScryptOptions;
  private throwaway?: Promise<string>;

  constructor(config: AppConfig) {
    this.options = optionsFor(config.PASSWORD_HASH_COST);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.options);
    const { N, r, p } = this.options;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /**
   * Constant-time comparison; a malformed digest simply does not verify. A missing digest (an
   * unknown account, or one without a password) is answered `false` after checking a throwaway
   * digest, so it costs the same scrypt run as a wrong password: timing does not tell them apart.
   */
  async verify(password: string, digest: string | null | undefined): Promise<boolean> {
    if (digest) return this.matches(password, digest);
    this.throwaway ??= this.hash(randomBytes(16).toString('hex'));
    await this.matches(password, await this.throwaway);
    return false;
  }

  private async matches(password: string, digest: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = digest.split('$');
    const cost = Math.log2(Number(n));
    if (scheme !== 'scrypt' || !salt || !key || !Number.isInteger(cost)) return false;
    if (cost > MAX_VERIFIED_COST || Number(r) !== BLOCK_SIZE) return false;
    const expected = Buffer.from(key, 'base64');
    try {
      const actual = await derive(password, Buffer.from(salt, 'base64'), {
        ...optionsFor(cost),
        p: Number(p),
      });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    } catch {
      return false;
    }
  }
}
