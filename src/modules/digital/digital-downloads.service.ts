import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ModelEvents } from '../../events/index.js';
import { BlobStore } from '../../platform/blob-store/index.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { AccessTokensService } from '../auth/index.js';
import { DigitalLink } from './digital-link.entity.js';
import { DigitalLinkTokens } from './digital-link-tokens.js';
import { ATTACHMENT_MISSING, type DownloadFacts, downloadRefusal } from './download-rules.js';

/** What a download answers with. */
export interface DownloadableFile {
  filename: string;
  contentType: string;
  byteSize: number;
  checksum: string;
}

interface LinkRow {
  id: string;
  store_id: string;
  token_salt: string;
  order_state: string;
  payment_state: string | null;
  customer_id: string | null;
  expired: boolean;
  download_count: number;
  download_limit: number;
  filename: string | null;
  content_type: string | null;
  byte_size: number | null;
  checksum: string | null;
  blob_key: string | null;
}

/**
 * Downloads by link token (the token is the credential; no API key). Each download is counted by
 * one conditional update that also re-checks the limit and the expiry, so concurrent downloads
 * can never exceed the limit; the count is published as `digital_link.updated`.
 */
@Injectable()
export class DigitalDownloadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: DigitalLinkTokens,
    private readonly accessTokens: AccessTokensService,
    private readonly events: ModelEvents,
    private readonly blobs: BlobStore,
  ) {}

  /**
   * The file a link would download, checked but not counted (a HEAD request): a file whose bytes
   * are missing from the blob store is `attachment_missing`, as its download would be.
   */
  async inspect(token: string, bearer: string | undefined): Promise<DownloadableFile> {
    const link = await this.usableLink(token, bearer);
    const blob = link.blob_key === null ? undefined : await this.blobs.get(link.blob_key);
    if (!blob) throw new StoreError(ATTACHMENT_MISSING.code, ATTACHMENT_MISSING.message);
    blob.body.destroy();
    return fileOf(link);
  }

  /**
   * The file and its bytes, streamed from the blob store; counts one download. The count commits
   * only once the bytes were found: a file missing from the store is `attachment_missing` and
   * costs no download.
   */
  async download(
    token: string,
    bearer: string | undefined,
  ): Promise<DownloadableFile & { body: Readable }> {
    const link = await this.usableLink(token, bearer);
    const body = await this.dataSource.transaction(async (manager) => {
      const [claimed]: [Array<Record<string, unknown> & { blob_key: string }>, number] =
        await manager.query(
          `UPDATE digital_links l SET download_count = l.download_count + 1, updated_at = now()
           FROM digitals d
           WHERE l.id = $1 AND d.id = l.digital_id
             AND l.download_count < l.download_limit AND l.expires_at > now()
           RETURNING ${entityColumns(manager, DigitalLink, 'l')}, d.blob_key`,
          [link.id],
        );
      if (claimed.length === 0) return undefined;
      const { blob_key: blobKey, ...columns } = claimed[0]!;
      const counted = entityFromRow(manager, DigitalLink, columns);
      await this.events.updated({ manager, storeId: counted.storeId }, 'digital_link', counted);
      const blob = await this.blobs.get(blobKey);
      if (!blob) throw new StoreError(ATTACHMENT_MISSING.code, ATTACHMENT_MISSING.message);
      return blob.body;
    });
    if (body === undefined) {
      // Another download took the last one, or time ran out, since the link was read.
      await this.usableLink(token, bearer);
      throw new StoreError('download_limit_exceeded', 'The downloads of this link are used up');
    }
    return { ...fileOf(link), body };
  }

  /** The link of `token` when every rule lets it be used; the first refusal otherwise. */
  private async usableLink(token: string, bearer: string | undefined): Promise<LinkRow> {
    const link = await this.linkOf(token);
    const refusal = downloadRefusal(factsOf(link, this.isBuyer(bearer, link)));
    if (refusal) throw new StoreError(refusal.code, refusal.message);
    return link;
  }

  private async linkOf(token: string): Promise<LinkRow> {
    const [link]: LinkRow[] = this.tokens.isWellFormed(token)
      ? await this.dataSource.query(
          `SELECT l.id::text AS id, l.store_id::text AS store_id, l.token_salt,
                  o.state AS order_state, o.payment_state, o.customer_id::text AS customer_id,
                  l.expires_at <= now() AS expired, l.download_count, l.download_limit,
                  d.filename, d.content_type, d.byte_size, d.checksum, d.blob_key
           FROM digital_links l
           JOIN orders o ON o.id = l.order_id
           LEFT JOIN digitals d ON d.id = l.digital_id
           WHERE l.token_digest = $1`,
          [this.tokens.digestOf(token)],
        )
      : [];
    if (!link || !this.tokens.matches({ id: link.id, tokenSalt: link.token_salt }, token)) {
      throw StoreError.notFound('download');
    }
    return link;
  }

  /** Whether a sent customer token is the buyer's (an invalid one is 401 `invalid_token`). */
  private isBuyer(bearer: string | undefined, link: LinkRow): boolean | undefined {
    if (bearer === undefined) return undefined;
    const claims = this.accessTokens.verify(bearer, 'customer');
    return claims.storeId === link.store_id && claims.subjectId === link.customer_id;
  }
}

function factsOf(link: LinkRow, callerIsBuyer: boolean | undefined): DownloadFacts {
  return {
    orderState: link.order_state,
    paymentState: link.payment_state,
    callerIsBuyer,
    expired: link.expired,
    attachmentPresent: link.filename !== null,
    downloadCount: link.download_count,
    downloadLimit: link.download_limit,
  };
}

function fileOf(link: LinkRow): DownloadableFile {
  return {
    filename: link.filename!,
    contentType: link.content_type!,
    byteSize: link.byte_size!,
    checksum: link.checksum!,
  };
}
