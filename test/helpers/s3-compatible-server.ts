import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A local S3-compatible server with one bucket, for tests of the S3 blob store. */
export interface S3CompatibleServer {
  /** MEDIA_STORAGE_URL of its bucket (path-style, on its loopback endpoint). */
  storageUrl: string;
  /** The credentials it accepts, as MEDIA_STORAGE_ACCESS_KEY_ID and MEDIA_STORAGE_SECRET_ACCESS_KEY. */
  env: Record<string, string>;
  /** The folder it keeps objects in. */
  directory: string;
  stop(): Promise<void>;
}

/** s3rver checks signatures against this fixed key pair. */
const S3RVER_KEY = 'S3RVER';

/** Starts s3rver on a free loopback port, objects in a new temporary folder, with `bucket` made. */
export async function startS3CompatibleServer(
  bucket = 'store-test',
  prefix = '',
): Promise<S3CompatibleServer> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = encodeURIComponent(`http://127.0.0.1:${port}`);
  return {
    storageUrl: `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${endpoint}&region=us-east-1&force_path_style=true`,
    env: { MEDIA_STORAGE_ACCESS_KEY_ID: S3RVER_KEY, MEDIA_STORAGE_SECRET_ACCESS_KEY: S3RVER_KEY },
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
