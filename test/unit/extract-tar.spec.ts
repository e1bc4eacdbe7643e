import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractTar } from '../../src/platform/database/extract-tar.js';

describe('extractTar', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'extract-tar-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('writes the directories and files of a ustar archive, contents and modes as archived', async () => {
    const source = join(work, 'source');
    mkdirSync(join(source, 'base', '5'), { recursive: true });
    // Sizes around the 512-byte block and larger than one read of the stream.
    const files: Record<string, Buffer> = {
      PG_VERSION: Buffer.from('18\n'),
      'base/5/empty': Buffer.alloc(0),
      'base/5/one-block': Buffer.alloc(512, 1),
      'base/5/odd': Buffer.alloc(513, 2),
      'base/5/large': Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251)),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(source, name), content);
    execFileSync('chmod', ['600', join(source, 'PG_VERSION')]);
    const archive = join(work, 'data.tar');
    execFileSync('tar', ['--format=ustar', '-cf', archive, '-C', source, '.']);

    const target = join(work, 'target');
    await extractTar((await openAsBlob(archive)).stream(), target);

    for (const [name, content] of Object.entries(files)) {
      expect(readFileSync(join(target, name)).equals(content)).toBe(true);
    }
    expect(statSync(join(target, 'PG_VERSION')).mode & 0o777).toBe(0o600);
  });

  it('refuses an entry that would land outside the directory', async () => {
    const header = Buffer.alloc(512);
    header.write('../escape', 0);
    header.write('0000644\0', 100);
    header.write('00000000000\0', 124);
    header.write('0', 156);
    await expect(
      extractTar(new Blob([header, Buffer.alloc(1024)]).stream(), join(work, 'target')),
    ).rejects.toThrow('outside its directory');
  });
});
