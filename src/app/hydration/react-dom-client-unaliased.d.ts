/** React's own `react-dom/client`, under the name next.config.js gives it for the alias in ./react-dom-client.ts. */
declare module 'react-dom-client-unaliased' {
  export * from 'react-dom/client';
}
