import { lazy, Suspense } from 'react';
import { LoadingState } from '../ListStates';
import type { QualityVisitorViewProps } from './QualityVisitorView';

const View = lazy(() => import('./QualityVisitorView').then((m) => ({ default: m.QualityVisitorView })));

/** The visitor state of the answer-quality pages, loaded only for a visitor: a member's first load does not carry it. */
export function LazyQualityVisitorView(props: QualityVisitorViewProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <View {...props} />
    </Suspense>
  );
}
