/// <reference lib="webworker" />
import { downloadRuntime, fileTransfers, type DownloadCommand, type DownloadReport } from './runtime-download';

/**
 * The app's own worker (served from /vendor on the app's origin, never learner code): downloads
 * one runtime's files off the page's main thread and hands the bytes back without copying them.
 * Its fetches share the page's HTTP cache, so a cached runtime starts offline as before.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<DownloadCommand>) => {
  const command = event.data;
  if (command?.type !== 'download' || !Array.isArray(command.files)) return;
  const post = (report: DownloadReport, transfer: Transferable[] = []) => scope.postMessage(report, transfer);
  void downloadRuntime(command.files, (loadedBytes, totalBytes) => post({ type: 'progress', loadedBytes, totalBytes }), null).then((runtime) =>
    post({ type: 'done', ...runtime, transfers: fileTransfers(command.files, performance.getEntriesByType('resource')) }, runtime.files.map((file) => file.bytes)),
  );
};
