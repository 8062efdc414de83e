/**
 * The instance app's public entry: what scripts/instance-app.ts starts and what tests drive. It runs
 * in a process of its own, so the web app never imports it (eslint.config.mjs), and outside code
 * uses only what is here.
 */
export { createInstanceApp, type InstanceApp, type InstanceAppOptions } from './server';
/** The instance app's client of the agent protocol, for tests and benchmarks that talk to an agent as it does. */
export { agentCall, type AgentAnswer, type AgentTarget } from './agent-client';
