/// <reference lib="webworker" />
import { downloadRuntime, fileTransfers, type DownloadCommand, type DownloadReport } from './runtime-download';
import type { StartCommand } from './sandbox-messages';

/**
 * The app's own worker (served from /vendor on the app's origin, never learner code): downloads
 * one runtime's files off the page's main thread and posts them, as the frame's start command with
 * the bytes transferred, on the delivery port the page handed over with the command (its other end
 * is in the runtime's frame). Its fetches share the page's HTTP cache, so a cached runtime starts
 * offline as before. It never reads the delivery port: nothing the frame could post there is heard.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<DownloadCommand>) => {
  const command = event.data;
  const [delivery] = event.ports;
  if (command?.type !== 'download' || !Array.isArray(command.files) || !delivery) return;
  const post = (report: DownloadReport) => scope.postMessage(report);
  void downloadRuntime(command.files, (loadedBytes, totalBytes) => post({ type: 'progress', loadedBytes, totalBytes }), null).then((runtime) => {
    delivery.postMessage({ type: 'start', ...runtime } satisfies StartCommand, runtime.files.map((file) => file.bytes));
    post({ type: 'done', transfers: fileTransfers(command.files, performance.getEntriesByType('resource')) });
  });
};
