import dynamic from 'next/dynamic';
import { useAuthUser } from '@/features/auth';

/**
 * The course engineer's toolbar's public entry. Its code is a chunk of its own, loaded only when a
 * course engineer is signed in, and never rendered on the server: a learner's page has neither its
 * script nor its HTML.
 */
const EngineerToolbar = dynamic(() => import('./components/engineer-toolbar'), { ssr: false });

export function EngineerToolbarForEngineers() {
  const { isCourseEngineer } = useAuthUser();
  return isCourseEngineer ? <EngineerToolbar /> : null;
}
