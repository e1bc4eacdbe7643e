import { createHash } from 'node:crypto';
import { digitalFileOf } from '../../src/modules/digital/digital-file.js';
import { DigitalLinkTokens } from '../../src/modules/digital/digital-link-tokens.js';
import { type DownloadFacts, downloadRefusal } from '../../src/modules/digital/download-rules.js';

const USABLE: DownloadFacts = {
  orderState: 'complete',
  paymentState: 'paid',
  callerIsBuyer: undefined,
  expired: false,
  attachmentPresent: true,
  downloadCount: 0,
  downloadLimit: 5,
};

describe('downloadRefusal', () => {
  it('lets a paid, unexpired link with a file and downloads left be used', () => {
    expect(downloadRefusal(USABLE)).toBeUndefined();
    expect(downloadRefusal({ ...USABLE, paymentState: 'credit_owed' })).toBeUndefined();
    expect(downloadRefusal({ ...USABLE, callerIsBuyer: true, downloadCount: 4 })).toBeUndefined();
  });

  it.each([
    [{ paymentState: 'balance_due' }, 'download_unauthorized'],
    [{ paymentState: 'failed' }, 'download_unauthorized'],
    [{ paymentState: null }, 'download_unauthorized'],
    [{ orderState: 'canceled', paymentState: 'void' }, 'download_unauthorized'],
    [{ orderState: 'returned' }, 'download_unauthorized'],
    [{ callerIsBuyer: false }, 'download_unauthorized'],
    [{ expired: true }, 'digital_link_expired'],
    [{ attachmentPresent: false }, 'attachment_missing'],
    [{ downloadCount: 5 }, 'download_limit_exceeded'],
  ] as [Partial<DownloadFacts>, string][])('%j → %s', (change, code) => {
    expect(downloadRefusal({ ...USABLE, ...change })?.code).toBe(code);
  });

  it('reports the first refusal: order, caller, expiry, file, then the count', () => {
    const everything: DownloadFacts = {
      orderState: 'canceled',
      paymentState: 'void',
      callerIsBuyer: false,
      expired: true,
      attachmentPresent: false,
      downloadCount: 5,
      downloadLimit: 5,
    };
    const order = [
      { orderState: 'complete', paymentState: 'paid' },
      { callerIsBuyer: true },
      { expired: false },
      { attachmentPresent: true },
      { downloadCount: 0 },
    ];
    const codes: (string | undefined)[] = [];
    let facts = everything;
    for (const fix of order) {
      codes.push(downloadRefusal(facts)?.code);
      facts = { ...facts, ...fix };
    }
    codes.push(downloadRefusal(facts)?.code);
    expect(codes).toEqual([
      'download_unauthorized',
      'download_unauthorized',
      'digital_link_expired',
      'attachment_missing',
      'download_limit_exceeded',
      undefined,
    ]);
  });
});

describe('digitalFileOf', () => {
  const bytes = Buffer.from('hello');
  const fileOf = (filename: string, mimetype = 'application/pdf') =>
    digitalFileOf({ filename, mimetype, bytes });

  it('measures and checksums the bytes', () => {
    expect(fileOf('a.pdf')).toEqual({
      filename: 'a.pdf',
      contentType: 'application/pdf',
      bytes,
      byteSize: 5,
      checksum: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it.each([
    ['C:\\fakepath\\report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['dir/sub/ünïcode – name.txt', 'ünïcode – name.txt'],
    ['evil\r\nSet-Cookie: x.txt', 'evilSet-Cookie: x.txt'],
    ['  spaced.txt  ', 'spaced.txt'],
    ['', 'download'],
    ['..', 'download'],
    ['x'.repeat(300), 'x'.repeat(255)],
  ])('names %j as %j', (given, kept) => {
    expect(fileOf(given).filename).toBe(kept);
  });

  it.each([
    ['application/pdf', 'application/pdf'],
    ['Text/Plain', 'text/plain'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', null],
    ['text/html\r\nX-Evil: 1', 'application/octet-stream'],
    ['not a type', 'application/octet-stream'],
    ['', 'application/octet-stream'],
    [`application/${'x'.repeat(243)}`, null],
    [`application/${'x'.repeat(244)}`, 'application/octet-stream'],
  ])('types %j as %j', (given, kept) => {
    expect(fileOf('a', given).contentType).toBe(kept ?? given);
  });
});

describe('DigitalLinkTokens', () => {
  const tokens = new DigitalLinkTokens('ab'.repeat(32));
  const link = { id: '42', tokenSalt: tokens.newSalt() };

  it('derives the same well-formed token from the same id and salt, and only from them', () => {
    const token = tokens.tokenOf(link);
    expect(tokens.isWellFormed(token)).toBe(true);
    expect(tokens.tokenOf({ ...link })).toBe(token);
    expect(tokens.tokenOf({ ...link, id: '43' })).not.toBe(token);
    expect(tokens.tokenOf({ ...link, tokenSalt: tokens.newSalt() })).not.toBe(token);
    expect(new DigitalLinkTokens('cd'.repeat(32)).tokenOf(link)).not.toBe(token);
  });

  it('matches only the exact token', () => {
    const token = tokens.tokenOf(link);
    expect(tokens.matches(link, token)).toBe(true);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(tokens.matches(link, `${token.slice(0, -1)}${last}`)).toBe(false);
    expect(tokens.matches(link, token.slice(1))).toBe(false);
    expect(tokens.digestOf(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });
});
