/**
 * The one place that writes logs, so a later error-tracking integration hooks in here.
 * Errors are logged with their stack on the server only; responses never carry them.
 */
export const logger = {
  info: (message: string, ...details: unknown[]) => console.info(`[codetrail] ${message}`, ...details),
  warn: (message: string, ...details: unknown[]) => console.warn(`[codetrail] ${message}`, ...details),
  error: (message: string, ...details: unknown[]) => console.error(`[codetrail] ${message}`, ...details),
};
