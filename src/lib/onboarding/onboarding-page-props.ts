import type { OnboardingState } from '@/domain/onboarding/onboarding-chat';

/** /web/onboarding/chat's props (typed contract from getServerSideProps to the view). */
export interface OnboardingChatPageProps {
  initial: OnboardingState;
  /** The published tracks, to name the recommended one (the chat recommends among these). */
  tracks: { id: string; title: string }[];
  [key: string]: unknown;
}
