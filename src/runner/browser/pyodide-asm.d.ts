/** Pyodide's emscripten module, bundled into the Python worker (see python.worker.ts). */
declare module 'pyodide/pyodide.asm.mjs' {
  const createPyodideModule: (settings: object) => Promise<unknown>;
  export default createPyodideModule;
}
