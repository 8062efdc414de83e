/**
 * The machine agent's public entry, for tests that start an agent in-process. The agent itself is
 * bundled from agent-main.ts and runs inside a learner's machine, so it imports nothing of the app
 * (eslint.config.mjs) and the app imports nothing of it.
 */
export { startAgent, type AgentOptions, type RunningAgent } from './agent';
