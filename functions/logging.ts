import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

/**
 * What the code logs through. Log lines name enquiries by POST_INDEX only:
 * never a visitor's name, e-mail, phone or message.
 */
export interface Log {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
  /** A logger that adds the request id to every line. */
  forRequest(requestId: string): Log;
  /** Adds the invocation's Lambda context (function name, version, request id, cold start) to every later line. */
  addLambdaContext(context: Context): void;
}

type PowertoolsLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

function wrap(logger: Logger): Log {
  return {
    debug: (message, extra) => logger.debug(message, extra ?? {}),
    info: (message, extra) => logger.info(message, extra ?? {}),
    warn: (message, extra) => logger.warn(message, extra ?? {}),
    error: (message, extra) => logger.error(message, extra ?? {}),
    forRequest: (requestId) => wrap(logger.createChild({ persistentKeys: { requestId } })),
    addLambdaContext: (context) => logger.addContext(context),
  };
}

/** Structured JSON logs (Powertools); `POWERTOOLS_LOG_LEVEL` or the argument sets the level. */
export function createLog(level?: PowertoolsLevel): Log {
  return wrap(new Logger({ serviceName: 'medical-tourism-api', ...(level ? { logLevel: level } : {}) }));
}
