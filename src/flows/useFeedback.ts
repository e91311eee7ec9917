import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  selectFeedbackView,
  type FeedbackCategoryValue,
  type FeedbackInput,
  type FeedbackSnapshot,
  type FeedbackView,
} from '../../machines/feedback';
import type { Shot } from '../../machines/screenshots';
import { appFeedbackMachine } from './feedback';
import { shallowEqual } from './shallowEqual';

/** Everything the feedback views take: the machine's view, the pictures' previews, the handlers. */
export interface FeedbackHandlers {
  onCategory: (category: FeedbackCategoryValue) => void;
  onContent: (value: string) => void;
  onAddScreenshots: (files: File[]) => void;
  onRemoveScreenshot: (id: number) => void;
  onRetryScreenshot: (id: number) => void;
  onSubmit: () => void;
  onRetry: () => void;
  onRetryRecord: () => void;
  onRefresh: () => void;
  onReplyText: (value: string) => void;
  onReply: () => void;
  onConfirm: () => void;
  onReasonText: (value: string) => void;
  onReopen: () => void;
  onStars: (stars: number) => void;
  onCommentText: (value: string) => void;
  onRate: () => void;
}

export interface FeedbackProps extends FeedbackView, FeedbackHandlers {
  /** A local preview (an object URL) of each picked picture, by its id in `shots`. */
  previews: Record<number, string>;
}

/**
 * Object URLs of the picked pictures, made while they are in the list and revoked when they leave
 * it (or the page goes). Keyed by the file, since a new list (after a reply) numbers from 1 again.
 */
export function usePreviews(shots: Shot[]): Record<number, string> {
  const next = shots.flatMap((s) => (s.file instanceof Blob ? [s.file] : []));
  // The same files keep their URLs: a status change is not a new list (state adjusted while rendering).
  const [files, setFiles] = useState<Blob[]>(next);
  if (next.length !== files.length || next.some((f, i) => f !== files[i])) setFiles(next);
  const [urls, setUrls] = useState<Map<Blob, string>>(() => new Map());
  useEffect(() => {
    const made = new Map(files.map((file) => [file, URL.createObjectURL(file)]));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  const previews: Record<number, string> = {};
  for (const s of shots) {
    const url = s.file instanceof Blob ? urls.get(s.file) : undefined;
    if (url) previews[s.id] = url;
  }
  return previews;
}

/**
 * The feedback machine on a page (src/flows/feedback.ts's actors): `{ ask: { prefill } }` for the
 * form, `{ ticketId }` for a ticket. The page keys it by what it was started with.
 */
export function useFeedback(input: FeedbackInput): FeedbackProps {
  const actor = useActorRef(appFeedbackMachine, { input });
  const view = useSelector(actor, (s: FeedbackSnapshot) => selectFeedbackView(s), shallowEqual);
  const previews = usePreviews(view.shots);
  const send = actor.send;
  return {
    ...view,
    previews,
    onCategory: (category) => send({ type: 'user.setCategory', category }),
    onContent: (value) => send({ type: 'user.setContent', value }),
    onAddScreenshots: (files) => send({ type: 'user.addScreenshots', files }),
    onRemoveScreenshot: (id) => send({ type: 'user.removeScreenshot', id }),
    onRetryScreenshot: (id) => send({ type: 'user.retryScreenshot', id }),
    onSubmit: () => send({ type: 'user.submit' }),
    onRetry: () => send({ type: 'user.retry' }),
    onRetryRecord: () => send({ type: 'user.retryRecord' }),
    onRefresh: () => send({ type: 'user.refresh' }),
    onReplyText: (value) => send({ type: 'user.setReply', value }),
    onReply: () => send({ type: 'user.reply' }),
    onConfirm: () => send({ type: 'user.confirm' }),
    onReasonText: (value) => send({ type: 'user.setReason', value }),
    onReopen: () => send({ type: 'user.reopen' }),
    onStars: (stars) => send({ type: 'user.setStars', stars }),
    onCommentText: (value) => send({ type: 'user.setComment', value }),
    onRate: () => send({ type: 'user.rate' }),
  };
}
