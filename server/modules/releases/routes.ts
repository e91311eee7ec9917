/** The app's download links. */
import { getAppDownload } from '../../../openapi/operations/app';
import { handle } from '../../http/handle';
import { appDownload } from './service';

export const routes = [handle(getAppDownload, async ({ ctx }) => appDownload(ctx))];
