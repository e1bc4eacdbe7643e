import { deflateRawSync } from 'node:zlib';
import { SealedBox } from '../../src/common/crypto/sealed-box.js';
import type { AppConfig } from '../../src/config/index.js';
import { DeliverySeal } from '../../src/modules/emails/deliveries/delivery-seal.js';

const KEY = 'ab'.repeat(32);
const body = {
  html: `<p>${'Your order R123 is on its way. '.repeat(400)}</p>`,
  text: 'Your order R123 is on its way.',
  from: 'Shop <shop@example.com>',
  replyTo: null,
};

describe('DeliverySeal', () => {
  const seal = new DeliverySeal({ ENCRYPTION_KEY: KEY } as AppConfig);
  const box = new SealedBox(KEY, 'email-delivery');

  it('keeps a rendered body compressed and sealed, and opens it whole', () => {
    const sealed = seal.sealBody(body);
    expect(sealed.length).toBeLessThan(JSON.stringify(body).length / 4);
    expect(sealed).not.toContain('on its way');
    expect(box.open(sealed).startsWith('br:')).toBe(true);
    expect(seal.openBody(sealed)).toEqual(body);
  });

  it('opens bodies kept deflated or as plain JSON by earlier versions', () => {
    const json = JSON.stringify(body);
    const deflated = box.seal(`deflate:${deflateRawSync(json).toString('base64')}`);
    expect(seal.openBody(deflated)).toEqual(body);
    expect(seal.openBody(box.seal(json))).toEqual(body);
  });

  it('refuses a body sealed under another key', () => {
    const other = new DeliverySeal({ ENCRYPTION_KEY: 'cd'.repeat(32) } as AppConfig);
    expect(() => seal.openBody(other.sealBody(body))).toThrow();
  });
});
