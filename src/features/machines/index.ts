/** Machines' public entry: the build area shows the section; the machine page is its own view. */
export { MachinesSection } from './components/machines-section';
export { openInstanceApp } from './components/open-instance';
export { MachineSignInView } from './views/machine-sign-in-view';
export { MachineView } from './views/machine-view';
