import { LandingView } from './LandingView';

/** Container of `/`: visitors only (the guard sends members to /home); no data to load. */
export default function LandingPage() {
  return <LandingView registerPath="/register" taskPath="/task" appPath="/app" />;
}
