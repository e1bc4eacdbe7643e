import type { LoggerService } from '@nestjs/common';

/**
 * Logs what a repeated check finds only when it changes: one warn line with the reason when a
 * dependency goes down, one info line when it is back; nothing while it stays either way (a
 * health probe every few seconds would otherwise write a line each time). Everything starts up:
 * the boot reached it.
 */
export class StateChangeLog {
  private readonly down = new Set<string>();

  constructor(private readonly logger: LoggerService) {}

  up(name: string): void {
    if (this.down.delete(name)) this.logger.log(`${name} is up again`);
  }

  failed(name: string, reason: string): void {
    if (this.down.has(name)) return;
    this.down.add(name);
    this.logger.warn(`${name} is down: ${reason}`);
  }
}
