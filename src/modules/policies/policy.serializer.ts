import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Policy } from './policy.entity.js';
import { plainTextOf } from './policy-text.js';

/** A policy as the storefront reads it (the client's `Policy`); an empty one has '' for both texts. */
export interface StorefrontPolicyView {
  id: string;
  name: string;
  slug: string;
  /** The text without markup. */
  body: string;
  /** The merchant's HTML as written. */
  body_html: string;
}

export interface PolicyView extends StorefrontPolicyView {
  created_at: string;
  updated_at: string;
}

@Injectable()
export class PolicySerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  forStorefront(policy: Policy): StorefrontPolicyView {
    const html = policy.body ?? '';
    return {
      id: this.ids.encode(ID_PREFIX.policy, policy.id),
      name: policy.name,
      slug: policy.slug,
      body: plainTextOf(html),
      body_html: html,
    };
  }

  serialize(policy: Policy): PolicyView {
    return {
      ...this.forStorefront(policy),
      created_at: new Date(policy.createdAt).toISOString(),
      updated_at: new Date(policy.updatedAt).toISOString(),
    };
  }
}
