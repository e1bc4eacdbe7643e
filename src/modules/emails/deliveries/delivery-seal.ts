import { brotliCompressSync, brotliDecompressSync, constants, inflateRawSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { SealedBox } from '../../../common/crypto/sealed-box.js';
import { AppConfig } from '../../../config/index.js';

/** Marks a sealed body kept compressed with Brotli (bodies kept as plain JSON start with `{`). */
const BROTLI = 'br:';
/** Marks a sealed body kept deflated, as bodies were before Brotli. */
const DEFLATED = 'deflate:';

/** What a delivery keeps of its rendered message, sealed (the subject is kept in the clear). */
export interface RenderedBody {
  html: string;
  text: string;
  from: string;
  replyTo: string | null;
}

/**
 * Seals what a delivery keeps of a mail's content (its values and the rendered parts): they name
 * people and may carry tokens (password resets, invitations), so a copy of the database alone
 * does not reveal them.
 */
@Injectable()
export class DeliverySeal {
  private readonly box: SealedBox;

  constructor(config: AppConfig) {
    this.box = new SealedBox(config.ENCRYPTION_KEY!, 'email-delivery');
  }

  sealValues(values: Record<string, unknown>): string {
    return this.box.seal(JSON.stringify(values));
  }

  openValues(sealed: string): Record<string, unknown> {
    return JSON.parse(this.box.open(sealed)) as Record<string, unknown>;
  }

  /**
   * Rendered HTML is mostly the layout's markup, which compresses to a fraction: compressed before
   * sealing, since sealed bytes no longer compress (PostgreSQL would store and log them whole).
   * Brotli's fastest quality packs a confirmation as tightly as deflate in half its time, and at
   * once: handing a body to the thread pool costs the event loop more than compressing it.
   */
  sealBody(body: RenderedBody): string {
    const json = Buffer.from(JSON.stringify(body));
    const packed = brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    });
    return this.box.seal(`${BROTLI}${packed.toString('base64')}`);
  }

  openBody(sealed: string): RenderedBody {
    const opened = this.box.open(sealed);
    let json = opened;
    if (opened.startsWith(BROTLI)) {
      json = brotliDecompressSync(Buffer.from(opened.slice(BROTLI.length), 'base64')).toString();
    } else if (opened.startsWith(DEFLATED)) {
      json = inflateRawSync(Buffer.from(opened.slice(DEFLATED.length), 'base64')).toString();
    }
    return JSON.parse(json) as RenderedBody;
  }
}
