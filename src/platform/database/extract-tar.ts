import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function octal(header: Buffer, offset: number, length: number): number {
  return parseInt(field(header, offset, length).trim() || '0', 8);
}

/** Reads `source` in parts of at most the size asked for; undefined once it has ended. */
function partsOf(source: AsyncIterable<Uint8Array>): (max: number) => Promise<Buffer | undefined> {
  const iterator = source[Symbol.asyncIterator]();
  let rest: Buffer = Buffer.alloc(0);
  return async (max) => {
    if (rest.length === 0) {
      const next = await iterator.next();
      if (next.done) return undefined;
      rest = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    }
    const part = rest.subarray(0, max);
    rest = rest.subarray(part.length);
    return part;
  };
}

/**
 * Writes the directories and regular files of a ustar archive (as PGlite's `dumpDataDir` makes)
 * under `directory`, as it streams: Node's own file calls do in a fraction of a second what
 * unpacking through PGlite's WebAssembly file system takes seconds for, and the archive is never
 * held in memory whole.
 */
export async function extractTar(
  archive: AsyncIterable<Uint8Array>,
  directory: string,
): Promise<void> {
  const read = partsOf(archive);
  /** Hands `length` bytes of the archive to `use`; false if it ended first. */
  const consume = async (length: number, use: (part: Buffer) => void): Promise<boolean> => {
    for (let left = length; left > 0;) {
      const part = await read(left);
      if (!part) return false;
      use(part);
      left -= part.length;
    }
    return true;
  };
  const made = new Set<string>();
  const makeDirectory = (path: string, mode = 0o700) => {
    if (made.has(path)) return;
    mkdirSync(path, { recursive: true, mode });
    made.add(path);
  };
  for (;;) {
    const parts: Buffer[] = [];
    if (!(await consume(BLOCK, (part) => parts.push(part)))) return;
    const header = Buffer.concat(parts);
    const name = field(header, 0, 100);
    if (!name) return;
    const prefix = field(header, 345, 155);
    const relative = normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^[/\\]+/, '');
    if (relative === '..' || relative.startsWith(`..${sep}`)) {
      throw new Error(`Archive entry outside its directory: ${name}`);
    }
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = field(header, 156, 1) || '0';
    const target = join(directory, relative);
    if (type === '5') {
      makeDirectory(target, mode || 0o700);
    } else if (type === '0') {
      makeDirectory(dirname(target));
      const file = openSync(target, 'w', mode || 0o600);
      try {
        if (!(await consume(size, (part) => writeSync(file, part)))) {
          throw new Error(`Archive ends inside ${name}`);
        }
      } finally {
        closeSync(file);
      }
    } else {
      throw new Error(`Unsupported archive entry type ${type} for ${name}`);
    }
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type === '0' && !(await consume(padding, () => undefined))) return;
  }
}
