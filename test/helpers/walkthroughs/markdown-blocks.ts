/**
 * The shell blocks of a Markdown document as the walkthrough runner reads them: a fence opens with
 * ```sh (or bash, shell) and may carry attributes after the language:
 *
 * - `not-run="<why>"`: the runner skips the block; the reason must be given.
 * - `starts-service` (with `not-run`): the runner starts the service here, as the block tells
 *   the reader to (`node dist/main.js` in a temporary DATA_DIR on a free PORT).
 * - `in-repo-copy`: the block writes into the repository (generators): the runner runs it in a
 *   temporary copy of it instead.
 *
 * Lines `# → <text>` in a block say what the command before them prints; the runner checks it
 * (`…` stands for anything).
 */
export interface ShellBlock {
  /** Line of the opening fence, 1-based. */
  line: number;
  code: string;
  /** Why it is not run, when it is not. */
  notRun?: string;
  startsService: boolean;
  inRepoCopy: boolean;
  /** The `# → ` lines, in order. */
  expected: string[];
}

const SHELLS = new Set(['sh', 'bash', 'shell']);
const ATTRIBUTE = /\s*([a-z-]+)(?:="([^"]*)")?/y;
const KNOWN = new Set(['not-run', 'starts-service', 'in-repo-copy']);
const EXPECTED = /^\s*# → (.*)$/;

/** The attributes of a fence's info string after the language, refusing what it cannot read. */
function attributesOf(info: string, where: string): Map<string, string | undefined> {
  const attributes = new Map<string, string | undefined>();
  ATTRIBUTE.lastIndex = 0;
  while (ATTRIBUTE.lastIndex < info.length) {
    const at = ATTRIBUTE.lastIndex;
    const match = ATTRIBUTE.exec(info);
    if (!match || match[0].length === 0) {
      if (info.slice(at).trim() === '') break;
      throw new Error(`${where}: cannot read the fence attributes "${info.slice(at)}"`);
    }
    if (!KNOWN.has(match[1]))
      throw new Error(`${where}: unknown fence attribute ${match[1]} (known: ${[...KNOWN]})`);
    attributes.set(match[1], match[2]);
  }
  return attributes;
}

function blockOf(file: string, line: number, info: string, code: string): ShellBlock {
  const where = `${file}:${line}`;
  const attributes = attributesOf(info, where);
  const notRun = attributes.get('not-run');
  if (attributes.has('not-run') && !notRun?.trim())
    throw new Error(`${where}: not-run needs its reason, not-run="…"`);
  const startsService = attributes.has('starts-service');
  if (startsService && notRun === undefined)
    throw new Error(`${where}: starts-service goes with not-run="<why the test starts it>"`);
  return {
    line,
    code,
    notRun,
    startsService,
    inRepoCopy: attributes.has('in-repo-copy'),
    expected: code
      .split('\n')
      .map((text) => EXPECTED.exec(text)?.[1])
      .filter((text): text is string => text !== undefined),
  };
}

/** Every shell block of `markdown` (the text of `file`), in order. */
export function shellBlocks(file: string, markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(`{3,}|~{3,})\s*([^\s`]*)(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, fence, language, info] = open;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !lines[i].startsWith(fence); i += 1) body.push(lines[i]);
    if (SHELLS.has(language)) blocks.push(blockOf(file, start + 1, info, body.join('\n')));
  }
  return blocks;
}

/** Whether `output` shows `expected`: `…` stands for anything, any white space for any. */
export function showsExpected(output: string, expected: string): boolean {
  const pattern = expected
    .trim()
    .split('…')
    .map((part) =>
      part
        .split(/\s+/)
        .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('\\s+'),
    )
    .join('[\\s\\S]*?');
  return new RegExp(pattern).test(output);
}
