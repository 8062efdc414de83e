import { AuthGate } from '@/features/auth';
import LandingView from './landing-view';

/** `/`: the landing page for visitors; signed-in learners go on into the app. */
export default function HomeView({ appDestination }: { appDestination: string }) {
  return (
    <AuthGate policy="visitorsOnly" appDestination={appDestination}>
      <LandingView />
    </AuthGate>
  );
}
