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

const LEVELS = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3, SILENT: 4 } as const;

export type LogLevel = keyof typeof LEVELS;

type Level = Exclude<LogLevel, 'SILENT'>;

/** Writes one finished line; warnings and errors go to stderr, as a console would send them. */
export type LineWriter = (level: Level, line: string) => void;

const writeToConsoleStreams: LineWriter = (level, line) =>
  (level === 'WARN' || level === 'ERROR' ? process.stderr : process.stdout).write(`${line}\n`);

export const SERVICE_NAME = 'medical-tourism-api';

/** `LOG_LEVEL` as the functions are given it (infra/constructs/functions/route-function.ts), INFO when absent or unknown. */
function levelFromEnvironment(): LogLevel {
  const named = process.env['LOG_LEVEL']?.toUpperCase();
  return named && named in LEVELS ? (named as LogLevel) : 'INFO';
}

/**
 * A replacer for one line, so that no field can make JSON.stringify throw
 * and cost the line: a reference back to an object that encloses it becomes
 * "[Circular]" and a BigInt its decimal digits. Errors are written as their
 * name, message and stack (JSON.stringify would write `{}`). An object met
 * twice side by side is written twice: only a loop is circular.
 */
function serialisable(): (this: unknown, key: string, value: unknown) => unknown {
  // The objects from the line down to the one being written: JSON.stringify calls the replacer depth first, with the holder as `this`.
  const enclosing: unknown[] = [];
  return function (_key, value) {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value !== 'object' || value === null) return value;
    while (enclosing.length > 0 && enclosing.at(-1) !== this) enclosing.pop();
    if (enclosing.includes(value)) return '[Circular]';
    const written = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
    enclosing.push(written);
    return written;
  };
}

/**
 * Structured logs: one JSON object per line with the keys Powertools for AWS
 * Lambda writes (`level`, `message`, `timestamp`, `service`, `cold_start`,
 * `function_name`, `function_request_id`, `xray_trace_id`, ...), so
 * CloudWatch Logs Insights reads them as before, written by these few lines
 * instead of Powertools Logger, which put about 20 KiB into every bundle.
 * The level is the argument, else `LOG_LEVEL`, else INFO.
 */
export function createLog(level: LogLevel = levelFromEnvironment(), write: LineWriter = writeToConsoleStreams): Log {
  const threshold = LEVELS[level];
  // The first invocation a process serves is its cold start.
  let invocations = 0;
  let lambdaKeys: Record<string, unknown> = {};

  const logger = (persistent: Record<string, unknown>): Log => {
    const emit = (lineLevel: Level, message: string, extra: Record<string, unknown> = {}) => {
      if (LEVELS[lineLevel] < threshold) return;
      const trace = process.env['_X_AMZN_TRACE_ID'];
      const base = {
        level: lineLevel,
        message,
        timestamp: new Date().toISOString(),
        service: SERVICE_NAME,
        ...lambdaKeys,
        ...(trace ? { xray_trace_id: trace } : {}),
        ...persistent,
      };
      let line: string;
      try {
        line = JSON.stringify({ ...base, ...extra }, serialisable());
      } catch (error) {
        // A field whose getter or toJSON throws: the line is still written, without the fields, saying why.
        line = JSON.stringify({
          ...base,
          log_error: `fields not written: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      write(lineLevel, line);
    };
    return {
      debug: (message, extra) => emit('DEBUG', message, extra),
      info: (message, extra) => emit('INFO', message, extra),
      warn: (message, extra) => emit('WARN', message, extra),
      error: (message, extra) => emit('ERROR', message, extra),
      forRequest: (requestId) => logger({ ...persistent, requestId }),
      addLambdaContext: (context) => {
        invocations += 1;
        lambdaKeys = {
          cold_start: invocations === 1,
          function_arn: context.invokedFunctionArn,
          function_memory_size: Number(context.memoryLimitInMB),
          function_name: context.functionName,
          function_request_id: context.awsRequestId,
        };
      },
    };
  };
  return logger({});
}
