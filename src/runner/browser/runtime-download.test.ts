import { downloadRuntime, fileTransfers, throttledProgress } from './runtime-download';

describe('throttledProgress', () => {
  it('reports the first figure, then at most every 100 ms, and always the last byte', () => {
    let time = 0;
    const reports: [number, number][] = [];
    const report = throttledProgress((loaded, total) => reports.push([loaded, total]), () => time);
    report(0, 1000);
    for (let loaded = 10; loaded < 1000; loaded += 10) {
      time += 5;
      report(loaded, 1000);
    }
    time += 1;
    report(1000, 1000);
    // 99 chunks over 495 ms: the first report, one every 100 ms, and the end.
    expect(reports[0]).toEqual([0, 1000]);
    expect(reports.at(-1)).toEqual([1000, 1000]);
    expect(reports.length).toBeGreaterThanOrEqual(5);
    expect(reports.length).toBeLessThanOrEqual(7);
  });
});

describe('downloadRuntime', () => {
  const body = (text: string, chunkSize: number) => {
    const bytes = new TextEncoder().encode(text);
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += chunkSize) controller.enqueue(bytes.slice(at, at + chunkSize));
        controller.close();
      },
    });
  };
  const files: Record<string, string> = { 'python-worker.abc.mjs': 'postMessage("hi")', 'pyodide/python_stdlib.zip': 'x'.repeat(5000) };
  const fetchFile = (url: string) => {
    const text = files[url.replace('/vendor/', '')];
    return Promise.resolve(text === undefined ? new Response('gone', { status: 404 }) : new Response(body(text, 1000), { headers: { 'Content-Type': 'application/zip' } }));
  };

  it('decodes the worker code, keeps the data files as bytes and reports progress up to the total', async () => {
    const reports: [number, number][] = [];
    const runtime = await downloadRuntime(
      [
        { path: 'python-worker.abc.mjs', bytes: 17 },
        { path: 'pyodide/python_stdlib.zip', bytes: 5000 },
      ],
      (loaded, total) => reports.push([loaded, total]),
      null,
      fetchFile,
    );
    expect(runtime.workerSource).toBe('postMessage("hi")');
    expect(runtime.files).toHaveLength(1);
    expect(runtime.files[0]?.path).toBe('pyodide/python_stdlib.zip');
    expect(runtime.files[0]?.bytes.byteLength).toBe(5000);
    expect(reports[0]).toEqual([0, 5017]);
    expect(reports.at(-1)).toEqual([5017, 5017]);
  });

  it('leaves out a file it cannot fetch (the frame fetches it itself) and reads a paced body to the end', async () => {
    let pauses = 0;
    const runtime = await downloadRuntime(
      [
        { path: 'missing-worker.js', bytes: 10 },
        { path: 'pyodide/python_stdlib.zip', bytes: 5000 },
      ],
      () => undefined,
      {
        sliceMs: -1,
        pause: () => {
          pauses += 1;
          return Promise.resolve();
        },
      },
      fetchFile,
    );
    expect(runtime.workerSource).toBeNull();
    expect(runtime.files.map((file) => file.bytes.byteLength)).toEqual([5000]);
    // Five chunks of 1000 bytes, a pause after each.
    expect(pauses).toBe(5);
  });
});

describe('fileTransfers', () => {
  const entry = (name: string, transferSize: number) => ({ name, transferSize }) as unknown as PerformanceEntry;
  it('takes each file\'s latest fetch, and leaves out files that were never fetched', () => {
    const files = [
      { path: 'python-worker.abc.mjs', bytes: 10 },
      { path: 'pyodide/python_stdlib.zip', bytes: 20 },
      { path: 'pyodide/pyodide-lock.json', bytes: 5 },
    ];
    const entries = [entry('http://localhost/vendor/python-worker.abc.mjs', 11_000), entry('http://localhost/vendor/pyodide/python_stdlib.zip', 0), entry('http://localhost/vendor/python-worker.abc.mjs', 0)];
    expect(fileTransfers(files, entries)).toEqual([
      { path: 'python-worker.abc.mjs', transferSize: 0 },
      { path: 'pyodide/python_stdlib.zip', transferSize: 0 },
    ]);
  });
});
