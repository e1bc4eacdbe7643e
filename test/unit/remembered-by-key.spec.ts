import { rememberedByKey } from '../../src/common/memo/remembered-by-key.js';

describe('rememberedByKey', () => {
  it('computes a key of the shape once, and any other key every time', () => {
    const computed: string[] = [];
    const upper = rememberedByKey(/^[a-z]{2}$/, (key) => {
      computed.push(key);
      return key.toUpperCase();
    });
    expect([upper('us'), upper('us'), upper('u s'), upper('u s')]).toEqual([
      'US',
      'US',
      'U S',
      'U S',
    ]);
    expect(computed).toEqual(['us', 'u s', 'u s']);
  });

  it('remembers falsy answers too', () => {
    let calls = 0;
    const never = rememberedByKey(/^\d$/, () => {
      calls += 1;
      return false;
    });
    expect([never('1'), never('1')]).toEqual([false, false]);
    expect(calls).toBe(1);
  });
});
