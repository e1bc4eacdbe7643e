import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { DigitalLink } from './digital-link.entity.js';
import type { Digital } from './digital.entity.js';
import { downloadRefusal } from './download-rules.js';

/** A link as anyone may see it (event payloads): never its token or download URL. */
export interface DigitalLinkView {
  id: string;
  order_id: string;
  line_item_id: string;
  /** Null once the digital was deleted. */
  digital_id: string | null;
  download_count: number;
  download_limit: number;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/** A link as its buyer sees it on the placed order, with the URL that downloads the file. */
export interface BuyerDigitalLinkView {
  id: string;
  line_item_id: string;
  digital_id: string;
  filename: string;
  content_type: string;
  byte_size: number;
  download_url: string;
  download_count: number;
  download_limit: number;
  expires_at: string;
}

/** A link on its line item, as the client's `DigitalLink` has it. */
export interface LineDigitalLinkView {
  id: string;
  access_counter: number;
  filename: string;
  content_type: string;
  download_url: string;
  /** Whether the link would download now (see `downloadRefusal`). */
  authorizable: boolean;
  expired: boolean;
  access_limit_exceeded: boolean;
}

/** What decides, besides the link itself, whether a link would download now. */
export interface LinkOrderFacts {
  state: string;
  paymentState: string | null;
}

export const DOWNLOAD_PATH = '/api/v3/store/digitals';

/** The v3 representations of a digital link. */
@Injectable()
export class DigitalLinkSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(link: DigitalLink): DigitalLinkView {
    return {
      id: this.ids.encode(ID_PREFIX.digitalLink, link.id),
      order_id: this.ids.encode(ID_PREFIX.order, link.orderId),
      line_item_id: this.ids.encode(ID_PREFIX.lineItem, link.lineItemId),
      digital_id:
        link.digitalId === null ? null : this.ids.encode(ID_PREFIX.digital, link.digitalId),
      download_count: link.downloadCount,
      download_limit: link.downloadLimit,
      expires_at: link.expiresAt.toISOString(),
      created_at: link.createdAt.toISOString(),
      updated_at: link.updatedAt.toISOString(),
    };
  }

  /** Only for the buyer's own order views: the URL holds the download credential. */
  serializeForBuyer(link: DigitalLink, digital: Digital, token: string): BuyerDigitalLinkView {
    const view = this.serialize(link);
    return {
      id: view.id,
      line_item_id: view.line_item_id,
      digital_id: this.ids.encode(ID_PREFIX.digital, digital.id),
      filename: digital.filename,
      content_type: digital.contentType,
      byte_size: digital.byteSize,
      download_url: `${DOWNLOAD_PATH}/${token}`,
      download_count: view.download_count,
      download_limit: view.download_limit,
      expires_at: view.expires_at,
    };
  }

  /** A buyer's link as its line item shows it, judged at `now`. */
  forLine(link: BuyerDigitalLinkView, order: LinkOrderFacts, now: Date): LineDigitalLinkView {
    const expired = Date.parse(link.expires_at) <= now.getTime();
    const exceeded = link.download_count >= link.download_limit;
    const refusal = downloadRefusal({
      orderState: order.state,
      paymentState: order.paymentState,
      callerIsBuyer: undefined,
      expired,
      attachmentPresent: true,
      downloadCount: link.download_count,
      downloadLimit: link.download_limit,
    });
    return {
      id: link.id,
      access_counter: link.download_count,
      filename: link.filename,
      content_type: link.content_type,
      download_url: link.download_url,
      authorizable: refusal === undefined,
      expired,
      access_limit_exceeded: exceeded,
    };
  }
}
