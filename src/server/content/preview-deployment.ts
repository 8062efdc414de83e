import { serverEnv } from '@/server/config/server-env';
import { getServices } from '@/server/services/services';
import { createPreviewContent, type PreviewContent } from './preview-content';
import { publishContentFolder } from './publish-content';

// On globalThis, as the services are: Next bundles instrumentation and each API route apart, and
// all of them must share the one working tree of this process.
const holder = globalThis as typeof globalThis & { __codetrailPreviewContent?: PreviewContent };

/** This process's working tree on a preview deployment; null on a standard one. */
export function previewContentOfThisProcess(): PreviewContent | null {
  const { deployment } = serverEnv();
  if (deployment.kind !== 'preview') return null;
  holder.__codetrailPreviewContent ??= createPreviewContent({
    root: deployment.contentDir,
    publish: async () => publishContentFolder((await getServices()).content, { force: false, root: deployment.contentDir }),
    log: (line) => console.log(line),
  });
  return holder.__codetrailPreviewContent;
}

/** From instrumentation.ts: a preview deployment publishes its working tree now and as it changes. */
export async function startPreviewContent(): Promise<void> {
  const preview = previewContentOfThisProcess();
  if (!preview) return;
  await preview.check().catch((error: unknown) => console.error(`[codetrail] Could not publish the working content tree: ${error instanceof Error ? error.message : String(error)}`));
  preview.start();
  console.log(`[codetrail] Preview deployment: publishing ${serverEnv().deployment.contentDir} as it changes; lessons under /ssr.`);
}
