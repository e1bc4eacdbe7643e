import { jsonApiDocumentProblems } from '../helpers/json-api-document-check.js';

/** A valid compound document: a cart, its line (two hops to the variant) and its address. */
function cartDocument(): any {
  return {
    data: {
      type: 'cart',
      id: 'cart_1',
      attributes: { number: 'R1', total: '10.00' },
      relationships: {
        line_items: { data: [{ type: 'line_item', id: 'li_1' }] },
        billing_address: { data: { type: 'address', id: 'addr_1' } },
        user: { data: null },
        promotions: { data: [] },
      },
    },
    included: [
      {
        type: 'line_item',
        id: 'li_1',
        attributes: { quantity: 1 },
        relationships: { variant: { data: { type: 'variant', id: 'variant_1' } } },
      },
      { type: 'variant', id: 'variant_1', attributes: { sku: 'TEE' } },
      { type: 'address', id: 'addr_1', attributes: { city: 'Arlington' } },
    ],
  };
}

describe('jsonApiDocumentProblems', () => {
  describe('passes valid documents', () => {
    it.each<[string, unknown]>([
      ['a compound document reaching an included resource over two hops', cartDocument()],
      ['a single resource without included', { data: cartDocument().data }],
      [
        'a list with meta, links and jsonapi',
        {
          data: [
            { type: 'shipment', id: 'ful_1', attributes: {}, relationships: {} },
            { type: 'shipment', id: 'ful_2', attributes: { number: 'H1' } },
          ],
          meta: { count: 2 },
          links: { self: '/x', next: null },
          jsonapi: { version: '1.0' },
        },
      ],
      ['an empty list with an empty included', { data: [], included: [] }],
      ['null data', { data: null }],
      ['a meta-only document', { meta: { note: 'nothing' } }],
      [
        'a relationship identifier with meta, links on a relationship',
        {
          data: {
            type: 'cart',
            id: 'cart_1',
            attributes: {},
            relationships: {
              user: { data: { type: 'user', id: 'cus_1', meta: {} }, links: { self: '/u' } },
            },
          },
        },
      ],
      [
        'the same id under two types, each named with its own type',
        {
          data: {
            type: 'payment',
            id: 'x_1',
            attributes: {},
            relationships: { source: { data: { type: 'payment_source', id: 'x_1' } } },
          },
          included: [{ type: 'payment_source', id: 'x_1', attributes: {} }],
        },
      ],
    ])('%s', (_name, body) => {
      expect(jsonApiDocumentProblems(body)).toEqual([]);
    });
  });

  describe('catches each violation', () => {
    const cases: [string, (doc: any) => unknown, RegExp][] = [
      ['a body that is an array', () => [cartDocument().data], /^\$: a document is a JSON object/],
      ['a body that is null', () => null, /^\$: a document is a JSON object/],
      ['a body that is text', () => 'ok', /^\$: a document is a JSON object/],
      [
        'an unknown top-level member',
        (doc) => ({ ...doc, cart: {} }),
        /^\$\.cart: not a top-level member/,
      ],
      [
        'data together with errors',
        (doc) => ({ ...doc, errors: [] }),
        /^\$: data and errors never coexist/,
      ],
      [
        'none of data, errors, meta',
        () => ({ links: { self: '/' } }),
        /^\$: a document holds at least one of data, errors, meta/,
      ],
      [
        'included without data',
        (doc) => ({ meta: {}, included: doc.included }),
        /^\$\.included: only with data/,
      ],
      [
        'included that is not an array',
        (doc) => ({ ...doc, included: doc.included[0] }),
        /^\$\.included: not an array/,
      ],
      ['meta that is not an object', (doc) => ({ ...doc, meta: [] }), /^\$\.meta: not an object/],
      ['data that is text', () => ({ data: 'cart_1' }), /^\$\.data: a resource object is/],
      [
        'a list item that is not an object',
        () => ({ data: [1] }),
        /^\$\.data\[0\]: a resource object is/,
      ],
      [
        'a resource without a type',
        (doc) => (delete doc.data.type, doc),
        /^\$\.data\.type: not a non-empty string/,
      ],
      [
        'a resource with a numeric id',
        (doc) => ((doc.data.id = 1), doc),
        /^\$\.data\.id: not a non-empty string/,
      ],
      [
        'an included resource with an empty id',
        (doc) => ((doc.included[1].id = ''), doc),
        /^\$\.included\[1\]\.id: not a non-empty string/,
      ],
      [
        'a resource without attributes',
        (doc) => (delete doc.included[2].attributes, doc),
        /^\$\.included\[2\]\.attributes: not an object/,
      ],
      [
        'attributes that are an array',
        (doc) => ((doc.data.attributes = []), doc),
        /^\$\.data\.attributes: not an object/,
      ],
      [
        'an id inside attributes',
        (doc) => ((doc.data.attributes.id = 'cart_1'), doc),
        /^\$\.data\.attributes\.id: reserved name/,
      ],
      [
        'a type inside attributes',
        (doc) => ((doc.included[0].attributes.type = 'line_item'), doc),
        /^\$\.included\[0\]\.attributes\.type: reserved name/,
      ],
      [
        'an unknown member of a resource object',
        (doc) => ((doc.data.number = 'R1'), doc),
        /^\$\.data\.number: not a resource member/,
      ],
      [
        'relationships that are not an object',
        (doc) => ((doc.data.relationships = []), doc),
        /^\$\.data\.relationships: not an object/,
      ],
      [
        'a relationship that is an identifier instead of {data}',
        (doc) => ((doc.data.relationships.user = { type: 'user', id: 'cus_1' }), doc),
        /^\$\.data\.relationships\.user\.type: not a relationship member/,
      ],
      [
        'a relationship without data',
        (doc) => ((doc.data.relationships.user = { links: { related: '/u' } }), doc),
        /^\$\.data\.relationships\.user\.data: missing/,
      ],
      [
        'a relationship that is null',
        (doc) => ((doc.data.relationships.user = null), doc),
        /^\$\.data\.relationships\.user: a relationship is a JSON object/,
      ],
      [
        'a relationship named like an attribute',
        (doc) => ((doc.data.attributes.user = 'cus_1'), doc),
        /^\$\.data\.relationships\.user: also an attribute/,
      ],
      [
        'an identifier that is a bare id',
        (doc) => ((doc.data.relationships.promotions.data = ['promo_1']), doc),
        /^\$\.data\.relationships\.promotions\.data\[0\]: a resource identifier is a JSON object/,
      ],
      [
        'an identifier with a numeric id',
        (doc) => ((doc.data.relationships.user.data = { type: 'user', id: 7 }), doc),
        /^\$\.data\.relationships\.user\.data\.id: not a non-empty string/,
      ],
      [
        'an identifier without a type',
        (doc) => ((doc.data.relationships.promotions.data = [{ id: 'promo_1' }]), doc),
        /^\$\.data\.relationships\.promotions\.data\[0\]\.type: not a non-empty string/,
      ],
      [
        'an identifier carrying attributes',
        (doc) => ((doc.data.relationships.billing_address.data.attributes = {}), doc),
        /^\$\.data\.relationships\.billing_address\.data\.attributes: not a resource identifier member/,
      ],
      [
        'an included resource that is also primary data',
        (doc) => (doc.included.push({ ...doc.data }), doc),
        /^\$\.included\[3\]: cart cart_1 is also \$\.data/,
      ],
      [
        'an included resource twice',
        (doc) => (doc.included.push({ ...doc.included[2] }), doc),
        /^\$\.included\[3\]: address addr_1 is also \$\.included\[2\]/,
      ],
      [
        'a list holding the same resource twice',
        (doc) => ({ data: [doc.data, doc.data] }),
        /^\$\.data\[1\]: cart cart_1 is also \$\.data\[0\]/,
      ],
      [
        'an included resource nothing links to',
        (doc) => (doc.included.push({ type: 'payment', id: 'pay_1', attributes: {} }), doc),
        /^\$\.included\[3\]: payment pay_1 is not reached from data/,
      ],
      [
        'an included resource linked only from another unreached one',
        (doc) => ((doc.data.relationships.line_items.data = []), doc),
        /^\$\.included\[1\]: variant variant_1 is not reached from data/,
      ],
      [
        'an identifier naming an included resource with another type',
        (doc) => (
          (doc.data.relationships.line_items.data = [{ type: 'line_items', id: 'li_1' }]),
          doc
        ),
        /^\$\.data\.relationships\.line_items\.data\[0\]: names line_items li_1, but the document holds li_1 as line_item/,
      ],
    ];

    it.each(cases)('%s', (_name, mutate, expected) => {
      const problems = jsonApiDocumentProblems(mutate(cartDocument()));
      expect(problems).toContainEqual(expect.stringMatching(expected));
    });

    it('names every problem of a document, not only the first', () => {
      const doc = cartDocument();
      doc.data.attributes.id = 'cart_1';
      doc.included[0].id = 3;
      doc.extra = true;
      expect(jsonApiDocumentProblems(doc)).toEqual([
        '$.extra: not a top-level member',
        '$.data.attributes.id: reserved name',
        '$.included[0].id: not a non-empty string',
        '$.included[1]: variant variant_1 is not reached from data',
      ]);
    });
  });
});
