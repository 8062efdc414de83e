/**
 * The browser build's `react-dom/client` (a webpack alias in next.config.js): React's own module,
 * with `hydrateRoot` starting hydration in a transition (see hydrate-in-transition.ts). Next's
 * client entry reads `.default.hydrateRoot`, so the default export carries it too.
 */
import * as reactDomClient from 'react-dom-client-unaliased';
import { hydrateInTransition } from './hydrate-in-transition';

export const createRoot = reactDomClient.createRoot;
export const hydrateRoot = hydrateInTransition(reactDomClient.hydrateRoot);
// React's module exports its version too (the types leave it out).
export const version = (reactDomClient as { version?: string }).version;
const client = { createRoot, hydrateRoot, version };
export default client;
