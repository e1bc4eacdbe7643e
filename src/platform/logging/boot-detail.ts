import type { LoggerOptions } from 'pino';

type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

/**
 * Nest's contexts whose `info` lines describe the boot in detail: a line per module, controller
 * and route (some 400). They are written at `debug`; the boot stages are logged at `info`.
 */
const BOOT_DETAIL_CONTEXTS = new Set([
  'NestFactory',
  'NestApplication',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
]);

const INFO = 30;

/** A pino `logMethod` hook writing Nest's boot detail at `debug` instead of `info`. */
export const bootDetailAtDebug: LogMethodHook = function (args, method, level) {
  const [first] = args as unknown[];
  const context =
    typeof first === 'object' && first !== null
      ? (first as { context?: unknown }).context
      : undefined;
  if (level === INFO && typeof context === 'string' && BOOT_DETAIL_CONTEXTS.has(context)) {
    if (this.isLevelEnabled('debug')) this.debug(...args);
    return;
  }
  method.apply(this, args);
};
