import { shellBlocks, showsExpected } from '../helpers/walkthroughs/markdown-blocks.js';

describe('the shell blocks the walkthrough runner reads', () => {
  const fence = (info: string, code = 'echo hi') => `Text\n\n\`\`\`${info}\n${code}\n\`\`\`\n`;

  it('reads sh blocks with their line, code and `# → ` lines, and skips other languages', () => {
    const doc = `${fence('ts', 'const x = 1;')}${fence('sh', 'echo hi\n# → hi')}`;
    expect(shellBlocks('doc.md', doc)).toEqual([
      {
        line: 8,
        code: 'echo hi\n# → hi',
        notRun: undefined,
        startsService: false,
        inRepoCopy: false,
        expected: ['hi'],
      },
    ]);
  });

  it('reads not-run with its reason, starts-service and in-repo-copy', () => {
    const [skipped, copied] = shellBlocks(
      'doc.md',
      fence('sh not-run="starts the service: the test does" starts-service', 'npm start') +
        fence('sh in-repo-copy', 'npm run generate -- module brand'),
    );
    expect(skipped).toMatchObject({
      notRun: 'starts the service: the test does',
      startsService: true,
    });
    expect(copied).toMatchObject({ notRun: undefined, inRepoCopy: true });
  });

  it('refuses not-run without a reason, unknown attributes and starts-service alone', () => {
    expect(() => shellBlocks('doc.md', fence('sh not-run=""'))).toThrow(
      'doc.md:3: not-run needs its reason',
    );
    expect(() => shellBlocks('doc.md', fence('sh not-run'))).toThrow('not-run needs its reason');
    expect(() => shellBlocks('doc.md', fence('sh skip="why"'))).toThrow(
      'unknown fence attribute skip',
    );
    expect(() => shellBlocks('doc.md', fence('sh starts-service'))).toThrow(
      'starts-service goes with not-run',
    );
    expect(() => shellBlocks('doc.md', fence('sh not-run=unquoted'))).toThrow(
      'cannot read the fence attributes',
    );
  });

  it('matches `# → ` lines with … for anything and any white space for any', () => {
    const output = "{\n  id: 'or_1',\n  state: 'complete',\n  total: '$45.50'\n}";
    expect(showsExpected(output, "{ id: 'or_…', state: 'complete', total: '$…' }")).toBe(true);
    expect(showsExpected(output, "state: 'canceled'")).toBe(false);
    expect(showsExpected('[ 1, 2 ]', '[ 1, 2 ]')).toBe(true);
  });
});
