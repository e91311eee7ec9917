import { Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LoadingState } from '../../components/ListStates';
import { consolePaths, matchConsoleRoute, navFor } from '../routing/paths';
import { ConsoleLayoutView, NoPermissionView, NotFoundView } from './ConsoleLayoutView';
import { CONSOLE_PAGES } from './pages';
import { useStaffSession } from './staffSession';

/**
 * Every console page but sign-in: no staff session → the sign-in page, coming back here after;
 * a page whose permission the staff member lacks → 无权限; an unknown path → 页面不存在.
 */
export function ConsoleShell() {
  const { status, staff, signOut } = useStaffSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const route = matchConsoleRoute(location.pathname);

  useEffect(() => {
    document.title = `${route?.title ?? '页面不存在'} - 微豆管理后台`;
  }, [route]);

  if (status === 'checking') return <LoadingState />;
  if (status === 'signedOut' || !staff) {
    return signingOut ? (
      <Navigate to={consolePaths.signIn()} replace />
    ) : (
      <Navigate to={consolePaths.signIn(location.pathname + location.search)} replace />
    );
  }

  const allowed = route ? staff.permissions.includes(route.permission) : false;
  const Page = route && allowed ? CONSOLE_PAGES[route.page] : null;
  const out = (everywhere: boolean) => {
    setSigningOut(true);
    signOut(everywhere).finally(() => navigate(consolePaths.signIn(), { replace: true }));
  };

  return (
    <ConsoleLayoutView
      staff={staff}
      nav={navFor(staff.permissions).map((r) => ({
        path: r.path,
        title: r.title,
        active: r === route || r.page === route?.under,
      }))}
      signingOut={signingOut}
      onSignOut={() => out(false)}
      onSignOutEverywhere={() => out(true)}
    >
      {!route ? (
        <NotFoundView home={consolePaths.home()} />
      ) : Page ? (
        <Suspense fallback={<LoadingState />}>
          <Page />
        </Suspense>
      ) : (
        <NoPermissionView title={route.title} home={consolePaths.home()} />
      )}
    </ConsoleLayoutView>
  );
}
