import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Digital } from './digital.entity.js';

export interface DigitalView {
  id: string;
  variant_id: string;
  filename: string;
  content_type: string;
  byte_size: number;
  /** SHA-256 of the file, hex. */
  checksum: string;
  created_at: string;
  updated_at: string;
}

/** The v3 representation of a digital: what the file is, never its bytes. */
@Injectable()
export class DigitalSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(digital: Pick<Digital, 'id'>): string {
    return this.ids.encode(ID_PREFIX.digital, digital.id);
  }

  serialize(digital: Digital): DigitalView {
    return {
      id: this.publicId(digital),
      variant_id: this.ids.encode(ID_PREFIX.variant, digital.variantId),
      filename: digital.filename,
      content_type: digital.contentType,
      byte_size: digital.byteSize,
      checksum: digital.checksum,
      created_at: digital.createdAt.toISOString(),
      updated_at: digital.updatedAt.toISOString(),
    };
  }
}
