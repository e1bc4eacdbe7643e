import { ConfigError, loadConfig } from '../../src/config/app-config.js';

const configError = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env);
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
};

describe('MEDIA_STORAGE_URL and its settings', () => {
  it('unset: files on the local disk', () => {
    expect(loadConfig({}).s3Storage).toBeUndefined();
    expect(loadConfig({ MEDIA_STORAGE_URL: '' }).s3Storage).toBeUndefined();
  });

  it('reads the bucket, prefix, endpoint, region and addressing of an s3:// URL', () => {
    const config = loadConfig({
      MEDIA_STORAGE_URL:
        's3://shop-files/media/eu/?endpoint=http://127.0.0.1:4569/&region=eu-west-1&force_path_style=true',
      MEDIA_STORAGE_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      MEDIA_STORAGE_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI',
      MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media/',
    });
    expect(config.s3Storage).toEqual({
      bucket: 'shop-files',
      prefix: 'media/eu/',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI' },
      publicBaseUrl: 'https://cdn.example.com/media',
    });
  });

  it('AWS itself by default: us-east-1, virtual-hosted addressing, the SDK’s credentials', () => {
    expect(loadConfig({ MEDIA_STORAGE_URL: 's3://shop-files' }).s3Storage).toEqual({
      bucket: 'shop-files',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('path-style addressing by default with an endpoint of its own', () => {
    const url = 's3://b1b?endpoint=https://minio.internal:9000';
    expect(loadConfig({ MEDIA_STORAGE_URL: url }).s3Storage?.forcePathStyle).toBe(true);
    expect(
      loadConfig({ MEDIA_STORAGE_URL: `${url}&force_path_style=false` }).s3Storage?.forcePathStyle,
    ).toBe(false);
  });

  it.each([
    [{ MEDIA_STORAGE_URL: 'https://bucket.s3.amazonaws.com' }, 'MEDIA_STORAGE_URL must be an s3'],
    [{ MEDIA_STORAGE_URL: 's3://' }, 'MEDIA_STORAGE_URL'],
    [{ MEDIA_STORAGE_URL: 's3://Upper_Case' }, 'MEDIA_STORAGE_URL names no valid bucket'],
    [{ MEDIA_STORAGE_URL: 's3://b1b/Media' }, 'MEDIA_STORAGE_URL has a prefix'],
    [{ MEDIA_STORAGE_URL: 's3://b1b/.hidden' }, 'MEDIA_STORAGE_URL has a prefix'],
    [{ MEDIA_STORAGE_URL: 's3://b1b?endpoint=ftp://x' }, 'MEDIA_STORAGE_URL endpoint'],
    [{ MEDIA_STORAGE_URL: 's3://b1b?endpoint=nonsense' }, 'MEDIA_STORAGE_URL endpoint'],
    [{ MEDIA_STORAGE_URL: 's3://b1b?region=EU WEST' }, 'MEDIA_STORAGE_URL region'],
    [{ MEDIA_STORAGE_URL: 's3://b1b?force_path_style=yes' }, 'MEDIA_STORAGE_URL force_path_style'],
    [{ MEDIA_STORAGE_URL: 's3://b1b?acl=public' }, 'MEDIA_STORAGE_URL has no parameter "acl"'],
    [{ MEDIA_STORAGE_URL: 's3://key:secret@b1b' }, 'MEDIA_STORAGE_URL must not carry credentials'],
    [
      { MEDIA_STORAGE_URL: 's3://b1b', MEDIA_STORAGE_ACCESS_KEY_ID: 'AKID' },
      'MEDIA_STORAGE_ACCESS_KEY_ID and MEDIA_STORAGE_SECRET_ACCESS_KEY are set together',
    ],
    [{ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com' }, 'MEDIA_PUBLIC_BASE_URL needs'],
    [
      { MEDIA_STORAGE_URL: 's3://b1b', MEDIA_PUBLIC_BASE_URL: 'cdn.example.com' },
      'MEDIA_PUBLIC_BASE_URL must be an http',
    ],
  ])('%j: one line naming the variable', (env, message) => {
    const error = configError(env);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message.startsWith(`Invalid configuration: ${message}`)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('never repeats the credentials or a URL that carries some', () => {
    const error = configError({
      MEDIA_STORAGE_URL: 's3://b1b',
      MEDIA_STORAGE_SECRET_ACCESS_KEY: 'topsecret',
    });
    expect(error.message).not.toContain('topsecret');
    expect(configError({ MEDIA_STORAGE_URL: 's3://key:topsecret@b1b' }).message).not.toContain(
      'topsecret',
    );
  });
});
