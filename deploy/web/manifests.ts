/**
 * Reads deploy/web: its Kubernetes manifests and its Dockerfile's stages, and the environment a web pod
 * gets from them (the image's ENV, the ConfigMap, the Secret, the container's own env). Shared by
 * manifests.test.ts and scripts/check-standalone.ts, which starts the server with that environment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const WEB_DIR = __dirname;

// Loosely typed Kubernetes objects: manifests.test.ts says what each must hold.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Manifest = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; [key: string]: any };

export function manifestsIn(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    return document.toJS() as Manifest;
  });
}

export const manifestFiles = readdirSync(WEB_DIR).filter((name) => name.endsWith('.yaml')).sort();
export const manifests = manifestFiles.flatMap((name) => manifestsIn(path.join(WEB_DIR, name)).map((manifest) => ({ file: name, manifest })));

/** The one object of a kind in deploy/web. */
export function only(kind: string): Manifest {
  const found = manifests.filter(({ manifest }) => manifest.kind === kind);
  if (found.length !== 1) throw new Error(`Expected one ${kind} in deploy/web, found ${found.length}`);
  return found[0]!.manifest;
}

export interface Instruction {
  instruction: string;
  args: string;
}
export interface Stage {
  from: string;
  name: string | null;
  lines: Instruction[];
}

/** The Dockerfile's stages and their instructions (continuation lines joined, comments dropped). */
function dockerfileStages(): Stage[] {
  const text = readFileSync(path.join(WEB_DIR, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages: Stage[] = [];
  for (const line of text.split('\n')) {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, instruction = '', args = ''] = match;
    if (instruction === 'FROM') {
      const [from = '', , name = null] = args.trim().split(/\s+/);
      stages.push({ from, name, lines: [] });
    }
    stages.at(-1)?.lines.push({ instruction, args: args.trim() });
  }
  return stages;
}
export const stages = dockerfileStages();
export const finalStage = stages.at(-1)!;

/** A stage and the stages it is built on, the oldest first. */
export function lineage(stage: Stage): Stage[] {
  const parent = stages.find((candidate) => candidate.name === stage.from);
  return parent ? [...lineage(parent), stage] : [stage];
}

export const argsOf = (stage: Stage) => stage.lines.filter((line) => line.instruction === 'ARG').map((line) => line.args.split('=')[0]!);

/** The final image's ENV (its own and its base stages'), with `$ARG` references left as they are. */
export const imageEnv: Record<string, string> = Object.fromEntries(
  lineage(finalStage)
    .flatMap((stage) => stage.lines)
    .filter((line) => line.instruction === 'ENV')
    .flatMap((line) => line.args.split(/\s+/))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
);

/** What a production image is built with (docs/production.md), example domains. */
export const EXAMPLE_BUILD_ARGS: Record<string, string> = {
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'codetrail-production',
  APP_ORIGIN: 'https://codetrail.example',
  PREVIEW_ORIGIN: 'https://p-{id}.codetrail-usercontent.example',
  SENTRY_ENVIRONMENT: 'production',
};

/** Which parts of a pod's environment to take. */
export interface PodEnvironmentParts {
  secret: boolean;
}

/**
 * The environment of a web pod built with EXAMPLE_BUILD_ARGS and configured by the example ConfigMap
 * and (unless left out) the Secret template, as Kubernetes composes it: image ENV, then envFrom in
 * order, then the container's env.
 */
export function examplePodEnvironment(parts: PodEnvironmentParts = { secret: true }): Record<string, string> {
  const container = only('Deployment').spec.template.spec.containers[0];
  const image = Object.fromEntries(Object.entries(imageEnv).map(([name, value]) => [name, value.startsWith('$') ? (EXAMPLE_BUILD_ARGS[value.slice(1)] ?? '') : value]));
  const explicit = Object.fromEntries((container.env as { name: string; value: string }[]).map((variable) => [variable.name, variable.value]));
  const secret = parts.secret ? (only('Secret').stringData as Record<string, string>) : {};
  return { ...image, ...(only('ConfigMap').data as Record<string, string>), ...secret, ...explicit };
}
