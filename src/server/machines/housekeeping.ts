import { logger } from '@/lib/logger';
import { reportError } from '@/lib/monitoring/report-error';
import { getServices } from '@/server/services/services';

const CULL_EVERY_MS = 60_000;
const globalForHousekeeping = globalThis as typeof globalThis & { __codetrailMachineHousekeeping?: NodeJS.Timeout };

/**
 * Once per app process: adopt or stop what an earlier process left running (restart recovery),
 * then every minute stop idle machines, measure running machines' files and run the local payment provider's clock. Several app processes may each run it: every step is a
 * conditional state transition, so a machine is stopped once whoever gets there first.
 */
export function startMachineHousekeeping(): void {
  if (globalForHousekeeping.__codetrailMachineHousekeeping) return;
  const cull = async () => {
    try {
      const { machines } = await getServices();
      const stopped = await machines.cullIdle();
      if (stopped.length > 0) logger.info(`machines: stopped ${stopped.length} idle machine(s)`);
      const over = await machines.refreshDiskUsage();
      if (over.length > 0) logger.warn(`machines: stopped ${over.length} machine(s) over their disk allowance`);
    } catch (error) {
      reportError(error, { area: 'machines', message: 'machines: idle stop failed' });
    }
    try {
      // The local payment provider's clock: renewals, failed renewals, ends at the period's end.
      const billed = await (await getServices()).billing.runLocalClock();
      if (billed.renewed + billed.failed + billed.ended > 0) logger.info(`billing (local): ${billed.renewed} renewed, ${billed.failed} failed, ${billed.ended} ended`);
    } catch (error) {
      reportError(error, { area: 'billing', message: 'billing: the local provider\'s clock failed' });
    }
    try {
      // Trial reminders, whatever the provider: the paywall promises one before the first charge.
      const reminded = await (await getServices()).billing.sendTrialReminders();
      if (reminded.sent > 0) logger.info(`billing: ${reminded.sent} trial reminder(s) sent`);
    } catch (error) {
      reportError(error, { area: 'billing', message: 'billing: sending trial reminders failed' });
    }
  };
  globalForHousekeeping.__codetrailMachineHousekeeping = setInterval(() => void cull(), CULL_EVERY_MS);
  globalForHousekeeping.__codetrailMachineHousekeeping.unref();
  void (async () => {
    try {
      const outcome = await (await getServices()).machines.recover();
      const parts = [`${outcome.adopted.length} running adopted`, `${outcome.stopped.length} marked stopped`, `${outcome.orphans.length} stray stopped`];
      logger.info(`machines: recovered after start (${parts.join(', ')})`);
    } catch (error) {
      reportError(error, { area: 'machines', message: 'machines: recovery after start failed' });
    }
  })();
}
