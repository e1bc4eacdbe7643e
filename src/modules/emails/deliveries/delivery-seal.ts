import { Injectable } from '@nestjs/common';
import { SealedBox } from '../../../common/crypto/sealed-box.js';
import { AppConfig } from '../../../config/index.js';

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

  sealBody(body: RenderedBody): string {
    return this.box.seal(JSON.stringify(body));
  }

  openBody(sealed: string): RenderedBody {
    return JSON.parse(this.box.open(sealed)) as RenderedBody;
  }
}
