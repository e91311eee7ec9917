import { fromPromise } from 'xstate';
import type { FileFacts, PickedFile, UploadedObject } from '../../machines/avatarUpload';
import {
  feedbackMachine,
  type CreateFeedbackRequest,
  type FeedbackDetail,
  type FeedbackRecord,
  type MoveRequest,
  type RecordRef,
} from '../../machines/feedback';
import { screenshotsMachine } from '../../machines/screenshots';
import type { UploadModule } from '../../openapi/rules/uploads';
import { quietApi } from '../api';
import { asBlob, readFileFacts, uploadFile } from './upload';

/**
 * The feedback machine's actors over the API (DESIGN §4): getFeedbackRecord, createFeedback,
 * getFeedback and the member's four moves, and the screenshots child's check and upload (the
 * whole upload of src/flows/upload.ts to the `feedback` module). Every call goes through
 * `quietApi`: the form and the ticket show their refusals themselves, inline, once.
 */

/** The screenshots child with the app's check (the file's first bytes) and upload. */
export const appScreenshotsMachine = screenshotsMachine.provide({
  actors: {
    inspect: fromPromise<FileFacts, { file: PickedFile }>(({ input }) => readFileFacts(asBlob(input.file))),
    upload: fromPromise<UploadedObject, { file: PickedFile; module: UploadModule }>(({ input, signal }) =>
      uploadFile(input.module, asBlob(input.file), signal),
    ),
  },
});

function move(input: MoveRequest): Promise<FeedbackDetail> {
  const params = { id: input.ticketId };
  switch (input.kind) {
    case 'reply':
      return quietApi.call('replyFeedback', { params, body: input.body });
    case 'confirm':
      return quietApi.call('confirmFeedback', { params });
    case 'reopen':
      return quietApi.call('reopenFeedback', { params, body: input.body });
    case 'rate':
      return quietApi.call('rateFeedback', { params, body: input.body });
  }
}

const feedbackActors = {
  loadRecord: fromPromise<FeedbackRecord, RecordRef>(({ input, signal }) =>
    quietApi.call('getFeedbackRecord', { query: input, signal }),
  ),
  create: fromPromise<FeedbackDetail, CreateFeedbackRequest>(({ input }) =>
    quietApi.call('createFeedback', { body: input }),
  ),
  loadTicket: fromPromise<FeedbackDetail, { ticketId: number }>(({ input, signal }) =>
    quietApi.call('getFeedback', { params: { id: input.ticketId }, signal }),
  ),
  act: fromPromise<FeedbackDetail, MoveRequest>(({ input }) => move(input)),
  screenshots: appScreenshotsMachine,
};

/**
 * The feedback machine with the app's actors. Entered with `{ ask: { prefill } }` it is the form
 * `/home/feedback/ask`; with `{ ticketId }` it follows one ticket `/home/feedback/{id}`.
 */
export const appFeedbackMachine = feedbackMachine.provide({ actors: feedbackActors });
