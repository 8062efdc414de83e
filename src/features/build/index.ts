/** The build area's public entry (other features and pages use only this). */
export { BuildShell } from './components/build-shell';
