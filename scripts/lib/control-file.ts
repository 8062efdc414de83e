import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * How `npm run content:publish` reaches the server that holds the embedded database (only one
 * process may open it): `npm start` writes the server's address and a fresh token into the data
 * folder, readable by its owner only, and gives the server the token. Whoever can read the data
 * folder could open the database anyway, so the file gives nobody more than they had.
 */
const controlFileSchema = z.object({ url: z.string().url(), token: z.string().min(32) });
export type ControlFile = z.infer<typeof controlFileSchema>;

export const controlFilePath = (dataDir: string) => path.join(dataDir, 'control.json');

export function writeControlFile(dataDir: string, url: string): ControlFile {
  const control = { url, token: randomBytes(32).toString('base64url') };
  writeFileSync(controlFilePath(dataDir), `${JSON.stringify(control)}\n`, { mode: 0o600 });
  return control;
}

export function removeControlFile(dataDir: string): void {
  rmSync(controlFilePath(dataDir), { force: true });
}

/** The running server's address and token; null when there is no file or it is not one of ours. */
export function readControlFile(dataDir: string): ControlFile | null {
  try {
    const parsed = controlFileSchema.safeParse(JSON.parse(readFileSync(controlFilePath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
