/** A problem in a content file, reported as `path:line: message`. */
export interface ContentError {
  file: string;
  line: number;
  message: string;
}

export function formatContentError(error: ContentError): string {
  return `${error.file}:${error.line}: ${error.message}`;
}

export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
