import { Controller, Get, HttpCode, Patch } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { nothingToAccept, nothingToFind } from './not-offered.js';

/**
 * Storefront v2 client calls for what this store does not keep or do (a CMS, menus, a blog, a
 * marketplace's vendors, Stripe's hosted checkout): each
 * answers the error envelope saying so, rather than a bare 404 for an unknown route. Left out of
 * the API document, which lists what the store does offer.
 */
@ApiExcludeController()
@Controller('api/v2/storefront')
export class StorefrontNotOfferedController {
  @Get(['cms_pages', 'cms_pages/:id'])
  cmsPages(): never {
    throw nothingToFind('cmsPages');
  }

  @Get(['menus', 'menus/:id'])
  menus(): never {
    throw nothingToFind('menus');
  }

  @Get(['posts', 'posts/:id'])
  posts(): never {
    throw nothingToFind('posts');
  }

  @Get(['vendors', 'vendors/:id'])
  vendors(): never {
    throw nothingToFind('vendors');
  }

  @Patch('checkout/create_stripe_session')
  @HttpCode(422)
  stripeSession(): never {
    throw nothingToAccept('stripeSessions', 'cards are paid through payment sessions');
  }
}
