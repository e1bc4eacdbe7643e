import { ConsoleLogger, Logger } from '@nestjs/common';

/**
 * What Nest writes before the application's logger takes over (and if the boot fails before)
 * goes to its console logger, which colours by default: coloured only on a terminal (and without
 * NO_COLOR, which Nest honours), so logs collected from a pipe or a file hold no escape codes.
 */
export function consoleColoursOnTerminalOnly(): void {
  const terminal = process.stdout.isTTY && process.stderr.isTTY;
  Logger.overrideLogger(new ConsoleLogger(terminal ? {} : { colors: false }));
}
