import type { McpLogLevel } from '@apcore-mcp/core';
import { type McpLogRecord, type McpLogSender, toJsonValue } from '@apcore-mcp/core/bridge';
import { type RouterCallExtra, readCallTraceId } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';

/** Where each MCP level lands in the server's pino log, whose levels are fewer. */
const PINO_LEVEL: Readonly<Record<McpLogLevel, 'debug' | 'info' | 'warn' | 'error'>> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
};

/**
 * The log of one call's modules: `send` is the call's channel's `log`, what `log()` calls; `close` ends
 * the call's channel to the client once it answered.
 *
 * @example
 * ```ts
 * const moduleLog = openModuleLog({ extra, moduleId: 'csv.import', logger });
 * await moduleLog.send({ level: 'info', message: 'started' });
 * moduleLog.close();
 * ```
 */
export interface ModuleLog {
  readonly send: McpLogSender;
  /** The call answered: lines logged from now on go to the server's log only. */
  close(): void;
}

/**
 * Opens the log of one call. Every line goes to the server's log (at the matching pino level,
 * with the module id and trace id); while the call has not answered it also goes to the call's
 * client as `notifications/message` through `extra.log`, which sends only what the client asked
 * for (see `toRouterCallExtra`): `logger` is the module id, `data` the message, or
 * `{ message, data }` when the module gave data. Never rejects.
 *
 * @example
 * ```ts
 * const moduleLog = openModuleLog({ extra, moduleId: 'csv.import', logger });
 * const channel = { log: moduleLog.send };
 * ```
 */
export function openModuleLog(options: {
  extra: RouterCallExtra;
  /** The module the call runs: the line's module when the context does not name one. */
  moduleId: string;
  logger: Logger;
}): ModuleLog {
  const { extra, logger } = options;
  const notify = extra.log;
  let open = true;
  const send: McpLogSender = async (record) => {
    const moduleId = record.moduleId ?? options.moduleId;
    const traceId = record.traceId ?? readCallTraceId(extra);
    const data = record.data === undefined ? undefined : toJsonValue(record.data);
    writeToServerLog(logger, record, { moduleId, traceId, data });
    // A notification after the answer would reach no call: the client has moved on.
    if (!open || notify === undefined) return;
    try {
      await notify(
        record.level,
        data === undefined ? record.message : { message: record.message, data },
        moduleId,
      );
    } catch (error) {
      logger.debug({ err: error, moduleId }, 'Could not send a log notification');
    }
  };
  return {
    send,
    close: () => {
      open = false;
    },
  };
}

function writeToServerLog(
  logger: Logger,
  record: McpLogRecord,
  fields: { moduleId: string; traceId: string | undefined; data: unknown },
): void {
  const { moduleId, traceId, data } = fields;
  try {
    logger[PINO_LEVEL[record.level]](
      {
        moduleId,
        ...(traceId === undefined ? {} : { traceId }),
        mcpLevel: record.level,
        ...(data === undefined ? {} : { data }),
      },
      record.message,
    );
  } catch {
    // A logger that fails must not fail the module that logged.
  }
}
