import { useMemo } from 'react';
import { readLogin } from '../../services/storage';
import { HomeView } from './HomeView';

/** Container of `/home`: the cached nickname and avatar of the login state. */
export default function HomePage() {
  const user = useMemo(() => readLogin()?.user ?? null, []);
  return <HomeView nickname={user?.nickname} avatar={user?.avatar} />;
}
