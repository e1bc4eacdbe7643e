import { refused, v2ShopForThisFile } from '../helpers/storefront-v2-client.js';

// The v2 client's calls for content this store does not keep answer the error envelope saying
// so: 404 `record_not_found`, never a bare unknown route.
describe('Storefront v2: what is not offered', () => {
  const ctx = v2ShopForThisFile();

  it.each([
    ['pages.list', 'CMS pages', () => ctx.v2.pages.list()],
    ['pages.show', 'CMS pages', () => ctx.v2.pages.show({ id: 'about-us' })],
    ['menus.list', 'Menus', () => ctx.v2.menus.list()],
    ['menus.show', 'Menus', () => ctx.v2.menus.show({ id: '1' })],
    ['vendors.list', 'Vendors', () => ctx.v2.vendors.list()],
    ['vendors.show', 'Vendors', () => ctx.v2.vendors.show({ id: 'acme' })],
  ])('%s answers 404 saying %s are not offered', async (_call, feature, call) => {
    const { status, body } = await refused(call() as never);
    expect({ status, body }).toEqual({
      status: 404,
      body: {
        error: {
          code: 'record_not_found',
          message: `${feature} are not offered by this store`,
        },
      },
    });
  });
});
