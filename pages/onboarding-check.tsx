/** /onboarding-check only ever redirects (its getServerSideProps decides where): nothing to render. */
export default function OnboardingCheck() {
  return null;
}
export { onboardingCheckPage as getServerSideProps } from '@/server/gssp/onboarding-pages';
