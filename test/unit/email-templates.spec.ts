import { StoreError } from '../../src/common/errors/store-error.js';
import { CompiledTemplateCache } from '../../src/modules/emails/templates/compiled-templates.js';
import { defaultTemplates } from '../../src/modules/emails/templates/default-templates.js';
import { MAIL_KINDS, mailKind } from '../../src/modules/emails/templates/mail-catalogue.js';

const BRANDING = {
  store: { name: 'Shop & Co', url: 'https://shop.example.com' },
  brand: {
    logo_url: null,
    accent_color: '#aa3300',
    footer_text: 'Made with care',
    support_email: 'help@shop.example.com',
  },
};

/** The 422 a check answers, or undefined when the templates pass. */
async function refusal(
  cache: CompiledTemplateCache,
  mail: string,
  parts: Partial<Record<'subject' | 'html' | 'text', string>>,
): Promise<StoreError | undefined> {
  try {
    await cache.check({ ...defaultTemplates(mail), ...parts }, mailKind(mail)!.values);
    return undefined;
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
}

describe('e-mail templates', () => {
  const cache = new CompiledTemplateCache();

  it.each(MAIL_KINDS.map((kind) => kind.name))(
    'the default templates of %s name only its values and fill with its sample',
    async (mail) => {
      const kind = mailKind(mail)!;
      await expect(cache.check(defaultTemplates(mail), kind.values)).resolves.toBeUndefined();
      const compiled = await cache.get(defaultTemplates(mail));
      const values = { ...kind.sample, ...BRANDING };
      expect(compiled.subject(values)).not.toMatch(/\{\{|\n/);
      expect(compiled.text(values)).toContain('Shop & Co');
      expect(compiled.html(values)).toContain('Shop &amp; Co');
      expect(compiled.html(values)).toContain('<!doctype html>');
      expect(compiled.html(values)).not.toContain('{{');
      expect(compiled.text(values)).not.toContain('&amp;');
    },
  );

  it('escapes values in the HTML part and leaves the text part plain', async () => {
    const kind = mailKind('order_confirmation')!;
    const sample = kind.sample as { order: { lines: { name: string }[] } };
    const order = {
      ...sample.order,
      lines: [{ ...sample.order.lines[0], name: '<script>alert(1)</script>' }],
    };
    const compiled = await cache.get(defaultTemplates('order_confirmation'));
    const values = { order, ...BRANDING };
    expect(compiled.html(values)).not.toContain('<script>');
    expect(compiled.html(values)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(compiled.text(values)).toContain(
      '- <script>alert(1)</script> (Size: M, Colour: Sand): 2 × $45.00 = $90.00',
    );
  });

  it('fills the order confirmation with every line, discount, total and address', async () => {
    const kind = mailKind('order_confirmation')!;
    const compiled = await cache.get(defaultTemplates('order_confirmation'));
    const text = compiled.text({ ...kind.sample, ...BRANDING });
    expect(text).toContain('- Linen shirt (Size: M, Colour: Sand): 2 × $45.00 = $90.00');
    expect(text).toContain(
      '  Download field-guide.epub: https://shop.example.com/downloads/sample-token',
    );
    expect(text).toContain('Promotion (SPRING10): -$10.20');
    expect(text).toContain('Delivery (Standard delivery): $5.00');
    expect(text).toContain('Total: $104.80');
    expect(text).toContain(
      'Delivery address:\nAda Lovelace\n12 St James’s Square\nSW1Y 4JH London',
    );
    expect(text).toContain('Made with care\nShop & Co - https://shop.example.com');
  });

  it('writes the token mails’ text as the plain-text mails always said it', async () => {
    const fill = async (mail: string, values: Record<string, unknown>) =>
      (await cache.get(defaultTemplates(mail))).text({ ...values, ...BRANDING });
    expect(
      await fill('password_reset', {
        email: 'ada@example.com',
        link: null,
        token: 'tok',
        expires_in: 'an hour',
      }),
    ).toBe(
      [
        'Someone asked to reset the password of the account ada@example.com at Shop & Co.',
        '',
        'To choose a new password within the next hour, use this reset token:',
        '  tok',
        '',
        'It works once, and only until you ask for another one.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        '',
      ].join('\n'),
    );
    expect(
      await fill('newsletter_unsubscribe', {
        email: 'ada@example.com',
        link: 'https://shop.example.com/leave?id=sub_1&token=tok',
        token: 'tok',
        subscription_id: 'sub_1',
        expires_in: null,
      }),
    ).toBe(
      [
        'Someone asked to unsubscribe ada@example.com from the newsletter of Shop & Co.',
        '',
        'To unsubscribe, open this link:',
        '  https://shop.example.com/leave?id=sub_1&token=tok',
        '',
        'If you did not ask for this, ignore this e-mail: your subscription stays as it is.',
        '',
      ].join('\n'),
    );
  });

  it('refuses a template that does not parse, with its line', async () => {
    const error = await refusal(cache, 'order_confirmation', {
      text: 'Hello\n\n{{#each order.lines}}\n{{name}}\n{{/if}}',
    });
    expect(error?.code).toBe('validation_error');
    expect(error?.details).toEqual({
      text: [expect.stringMatching(/^line 3: each doesn't match if/)],
    });
  });

  it('refuses a name the mail does not have, with its line, in any part', async () => {
    const error = await refusal(cache, 'shipment_shipped', {
      subject: 'Parcel {{shipment.number}}',
      html: '<mjml><mj-body><mj-section><mj-column>\n<mj-text>\n{{order.password}}</mj-text></mj-column></mj-section></mj-body></mjml>',
      text: '{{#each shipment.lines}}\n{{name}} {{price}}\n{{/each}}\n{{../order.number}}',
    });
    expect(error?.details).toEqual({
      html: ['line 3: "order.password" is not a value of this mail'],
      text: [
        'line 2: "price" is not a value of this mail',
        'line 4: "../order.number" is not a value of this mail',
      ],
    });
  });

  it('resolves names inside blocks against the element, its parents and block parameters', async () => {
    const error = await refusal(cache, 'order_confirmation', {
      text: [
        '{{#each order.lines as |line i|}}{{i}} {{line.name}} {{../order.number}} {{@index}}{{#each downloads}}{{url}} {{../name}} {{@root.store.name}}{{/each}}{{/each}}',
        '{{#with order.ship_address}}{{city}}{{/with}}{{#if order.lines.length}}{{order.lines.0.name}}{{/if}}',
      ].join('\n'),
    });
    expect(error).toBeUndefined();
  });

  it('refuses unescaped output in HTML, unknown helpers, partials and printing a list', async () => {
    const error = await refusal(cache, 'order_confirmation', {
      html: '<mjml><mj-body><mj-section><mj-column><mj-text>{{{order.number}}}</mj-text>\n<mj-text>{{lookup order "number"}}</mj-text>\n<mj-text>{{> footer}}</mj-text>\n<mj-text>{{order.lines}}</mj-text>\n<mj-raw>{{#each order.number}}</mj-raw><mj-raw>{{/each}}</mj-raw></mj-column></mj-section></mj-body></mjml>',
    });
    expect(error?.details).toEqual({
      html: [
        'line 1: Values are always escaped in HTML: use {{…}}, not {{{…}}}',
        'line 2: "lookup" is not a helper templates can use',
        'line 3: Partials and decorators are not available in e-mail templates',
        'line 4: "order.lines" is a list or an object: it cannot be printed',
        'line 5: #each walks a list: "order.number" is not one',
      ],
    });
  });

  it('refuses MJML that MJML refuses, with its line, but not attributes holding values', async () => {
    const error = await refusal(cache, 'order_confirmation', {
      html: '<mjml><mj-body>\n<mj-section background-color="{{brand.accent_color}}"><mj-column>\n<mj-bogus>x</mj-bogus></mj-column></mj-section></mj-body></mjml>',
    });
    expect(error?.details).toEqual({
      html: [expect.stringMatching(/^line 3: Element mj-bogus doesn't exist/)],
    });
  });

  it('does not read files named by mj-include', async () => {
    const compiled = await cache.get({
      subject: 'x',
      text: 'x',
      html: '<mjml><mj-body><mj-include path="/etc/passwd" /></mj-body></mjml>',
    });
    expect(compiled.html({})).not.toContain('root:');
  });
});
