import { useEffect, useRef } from 'react';

/**
 * While `active` (answers changed but not sent), closing or reloading the tab asks first: the
 * browser shows its own "leave site?" prompt, so a stray swipe does not lose a half-done
 * questionnaire.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active || typeof window === 'undefined') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

/**
 * Whether the member changed the answers since the form was loaded (or last sent): the answers
 * object the first `answering` state showed is the baseline; every answer makes a new object.
 */
export function useEdited(answers: object, status: string): boolean {
  const baseline = useRef<object | null>(null);
  if (status === 'loading' || status === 'submitted') baseline.current = null;
  else if (baseline.current === null && status === 'answering') baseline.current = answers;
  return baseline.current !== null && baseline.current !== answers;
}
