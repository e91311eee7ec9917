import { Route, Routes } from 'react-router-dom';
import { routes } from './routes';
import { HomeArea, RoutePage, Shell } from './Shell';
import { MEMBER_HOME_PATH } from '../routing/paths';

/** The router tree, generated from the one route table. */
export function App() {
  const top = routes.filter((r) => r.area !== 'home');
  const home = routes.filter((r) => r.area === 'home');
  return (
    <Routes>
      <Route element={<Shell />}>
        {top.map((r) => (
          <Route key={r.path} path={r.path} element={<RoutePage route={r} />} />
        ))}
        <Route path={MEMBER_HOME_PATH} element={<HomeArea />}>
          {home.map((r) =>
            r.path === MEMBER_HOME_PATH ? (
              <Route key={r.path} index element={<RoutePage route={r} />} />
            ) : (
              <Route key={r.path} path={r.path} element={<RoutePage route={r} />} />
            ),
          )}
        </Route>
        {/* Unknown paths: the shell's guard redirects to /404. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
