export { default } from '@/features/onboarding/views/onboarding-chat-view';
export { onboardingChatPage as getServerSideProps } from '@/server/gssp/onboarding-pages';
