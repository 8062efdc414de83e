/**
 * The error catalogue of spec §8. A failed call throws ApiError whose message is the catalogue
 * sentence followed by the status text, the status code and the server's `message` when it sent
 * one (the spec's wording, for code, logs and error reports). What a learner reads is
 * `userMessage` (`userMessageOf` in src/lib/errors/user-message.ts): the catalogue sentence, then
 * what to do next (the server's `message`, or the next step for that kind of answer), never the
 * status text or code (docs/features/error-messages.md).
 */
export const API_ERROR_MESSAGES = {
  fetchMachines: 'Could not fetch machines',
  fetchSavedFiles: 'Could not fetch saved files for lesson',
  postSavedFiles: 'Could not post saved files',
  postSavedFilesToPreview: 'Could not post saved files to preview',
  clearSavedFilesCache: 'Could not clear saved files cache',
  fetchProfile: 'Could not fetch your profile',
  saveProfileName: 'Could not save your name',
  fetchTracks: 'Could not fetch tracks',
  fetchTrack: 'Could not fetch the track',
  fetchTutorial: 'Could not fetch the tutorial',
  fetchChapter: 'Could not fetch the chapter',
  recordCompletion: 'Could not record the lesson completion',
  askTutor: 'Could not reach the tutor',
  recordVisit: 'Could not record your visit',
  saveOnboarding: 'Could not save your answer',
  fetchProgress: 'Could not fetch your progress',
  syncProgress: 'Could not sync your progress',
  saveSettings: 'Could not save your settings',
  restoreStreak: 'Could not restore your streak',
  fetchLeague: 'Could not fetch the leaderboard',
  fetchVerification: 'Could not fetch the lessons to verify',
  fetchProjects: 'Could not fetch your projects',
  fetchProject: 'Could not fetch the project',
  createProject: 'Could not create the project',
  renameProject: 'Could not rename the project',
  saveProject: 'Could not save the project',
  deleteProject: 'Could not delete the project',
  restoreProject: 'Could not bring the project back',
  fetchDeletedProjects: 'Could not fetch your recently deleted projects',
  duplicateProject: 'Could not copy the project',
  fetchSnapshots: 'Could not fetch the project history',
  createSnapshot: 'Could not save a version of the project',
  restoreSnapshot: 'Could not restore that version',
  shareProject: 'Could not change the project sharing',
  fetchSharedProject: 'Could not fetch the shared project',
  remixProject: 'Could not remix the project',
  fetchMachine: 'Could not fetch the machine',
  createMachine: 'Could not create the machine',
  renameMachine: 'Could not rename the machine',
  startMachine: 'Could not start the machine',
  stopMachine: 'Could not stop the machine',
  deleteMachine: 'Could not delete the machine',
  fetchLoginToken: 'Could not fetch a sign-in token for the machine',
  fetchBilling: 'Could not fetch your plan',
  startCheckout: 'Could not start the checkout',
  fetchCheckout: 'Could not check the purchase',
  fetchTestCheckout: 'Could not open the test checkout',
  completeTestCheckout: 'Could not complete the test payment',
  cancelSubscription: 'Could not cancel the subscription',
  resumeSubscription: 'Could not keep the subscription',
  refundPayment: 'Could not refund the payment',
  openBillingPortal: 'Could not open the billing portal',
  fetchBillingNotifications: 'Could not fetch your billing notices',
  dismissBillingNotification: 'Could not dismiss the notice',
  sendReport: 'Could not send the report',
  fetchReports: 'Could not fetch the reports',
  updateReport: 'Could not change the report',
  sendAnalytics: 'Could not send usage events',
  fetchAnalytics: 'Could not fetch the usage events',
  fetchAnalyticsSummary: 'Could not count the usage events',
  applyConsent: 'Could not apply your cookie choice',
  changeRsvp: 'Could not change your RSVP',
  fetchEventReminders: 'Could not fetch your event reminders',
  fetchPreviewContent: 'Could not fetch what this deployment serves',
  publishContent: 'Could not publish the content',
} as const;

export type ApiErrorKey = keyof typeof API_ERROR_MESSAGES;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly key: ApiErrorKey,
    readonly status: number,
    readonly statusText: string,
    readonly serverMessage: string | null,
  ) {
    super(formatApiErrorMessage(API_ERROR_MESSAGES[key], status, statusText, serverMessage));
    this.userMessage = humanApiErrorMessage(API_ERROR_MESSAGES[key], status, statusText, serverMessage);
  }

  /** The sentence a learner reads: the catalogue sentence and what to do next, no status. */
  readonly userMessage: string;
}

/** What a learner can do about an answer with no `message` of its own, by status (0: no answer). */
export function nextStepFor(status: number): string {
  switch (status) {
    case 0:
      return 'Check your connection and try again.';
    case 400:
    case 422:
      return 'Check what you entered and try again.';
    case 401:
      return 'Your session has ended: sign in again, then try once more.';
    case 402:
      return 'This is part of Codetrail Pro: see the plans to unlock it.';
    case 403:
      return 'Your account is not allowed to do this. If that seems wrong, sign out and in again.';
    case 404:
    case 410:
      return 'It is not there any more: it may have been deleted. Reload the page to see what is.';
    case 408:
      return 'It took too long. Try again.';
    case 409:
      return 'It changed in the meantime. Reload the page and try again.';
    case 413:
      return 'That is too large to send. Make it smaller and try again.';
    case 429:
      return 'That was a lot of tries at once. Wait a minute, then try again.';
    default:
      return status >= 500 ? 'Something went wrong on our side. Try again in a moment.' : 'Reload the page and try again.';
  }
}

/**
 * A server message that only repeats the status ("Conflict", "409 Conflict") says nothing a
 * learner can act on, so the next step for the status is shown instead.
 */
function isOnlyStatus(message: string, status: number, statusText: string): boolean {
  const bare = message.replace(/[\s().:-]+/g, ' ').trim().toLowerCase();
  const text = statusText.trim().toLowerCase();
  return bare === String(status) || (text.length > 0 && (bare === text || bare === `${status} ${text}` || bare === `${text} ${status}`));
}

/** Spec §8: "<catalogue sentence>: <status text> (<status>). <server message>". */
export function formatApiErrorMessage(base: string, status: number, statusText: string, serverMessage: string | null): string {
  const text = statusText || 'Error';
  return `${base}: ${text} (${status})${serverMessage ? `. ${serverMessage}` : ''}`;
}

/** The learner's sentence: the catalogue sentence, then the server's message or the next step for the status. */
export function humanApiErrorMessage(base: string, status: number, statusText: string, serverMessage: string | null): string {
  const said = serverMessage?.trim() ?? '';
  const next = said.length > 0 && !isOnlyStatus(said, status, statusText) ? said : nextStepFor(status);
  return `${base}. ${/[.!?]$/.test(next) ? next : `${next}.`}`;
}

/** The server's `{ message }`, if the body is JSON and has one. */
export async function readServerMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const message = (body as { message: unknown }).message;
      return typeof message === 'string' && message.length > 0 ? message : null;
    }
  } catch {
    // Not JSON: only the status is known.
  }
  return null;
}
