import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { SealedBox } from '../../../common/crypto/sealed-box.js';
import { AppConfig } from '../../../config/index.js';

const deflating = promisify(deflateRaw);

/** Marks a sealed body kept deflated (bodies kept as plain JSON start with `{`). */
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
   * Rendered HTML is mostly the layout's markup, which deflates to a fraction: compressed before
   * sealing, since sealed bytes no longer compress (PostgreSQL would store and log them whole).
   */
  async sealBody(body: RenderedBody): Promise<string> {
    // Off the event loop: deflating a confirmation costs more than sealing it.
    const packed = (await deflating(JSON.stringify(body), { level: 1 })).toString('base64');
    return this.box.seal(`${DEFLATED}${packed}`);
  }

  openBody(sealed: string): RenderedBody {
    const opened = this.box.open(sealed);
    const json = opened.startsWith(DEFLATED)
      ? inflateRawSync(Buffer.from(opened.slice(DEFLATED.length), 'base64')).toString('utf8')
      : opened;
    return JSON.parse(json) as RenderedBody;
  }
}
