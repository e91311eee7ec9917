import { Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { AppToaster } from '../../components/AppToaster';
import { LoadingState } from '../../components/ListStates';
import { setConsoleNavigate } from '../api';
import { SIGN_IN_PATH } from '../routing/paths';
import { ConsoleShell } from './ConsoleShell';
import { SignInPage } from './pages';
import { StaffSessionProvider } from './staffSession';

/** A 401 goes to the sign-in page through the router (no full reload). */
function NavigateOn401() {
  const navigate = useNavigate();
  useEffect(() => {
    setConsoleNavigate((path) => navigate(path, { replace: true }));
    return () => void setConsoleNavigate(null);
  }, [navigate]);
  return null;
}

/** The console: the sign-in page, and every other /admin path behind the staff session. */
export function ConsoleApp() {
  return (
    <AppProviders>
      <BrowserRouter>
        <NavigateOn401 />
        <StaffSessionProvider>
          <Routes>
            <Route
              path={SIGN_IN_PATH}
              element={
                <Suspense fallback={<LoadingState />}>
                  <SignInPage />
                </Suspense>
              }
            />
            <Route path="*" element={<ConsoleShell />} />
          </Routes>
        </StaffSessionProvider>
      </BrowserRouter>
      <AppToaster />
    </AppProviders>
  );
}
