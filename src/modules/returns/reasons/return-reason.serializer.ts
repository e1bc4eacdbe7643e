import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { ReturnAuthorizationReason } from '../entities/return-authorization-reason.entity.js';

export interface ReturnReasonView {
  id: string;
  name: string;
  active: boolean;
  created_at: string;
  updated_at: string;
}

@Injectable()
export class ReturnReasonSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(reason: ReturnAuthorizationReason): ReturnReasonView {
    return {
      id: this.ids.encode(ID_PREFIX.returnAuthorizationReason, reason.id),
      name: reason.name,
      active: reason.active,
      created_at: reason.createdAt.toISOString(),
      updated_at: reason.updatedAt.toISOString(),
    };
  }
}
