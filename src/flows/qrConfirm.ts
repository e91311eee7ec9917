import { fromPromise } from 'xstate';
import {
  qrConfirmMachine,
  type DecideInput,
  type QrConfirmResult,
  type QrScanResult,
  type ScanInput,
} from '../../machines/qrConfirm';
import { quietApi } from '../api';

/**
 * The qrConfirm machine (phone side of QR login) with its actors over the API: scanLoginQrcode
 * registers the scan and returns the desktop's device; the member confirms or refuses
 * (confirmLoginQrcode). The API client rejects with ApiError, whose `code` (QRCODE_EXPIRED) the
 * machine reads; the page shows every failure, so the calls are quiet (no toast over it).
 */
export const appQrConfirmMachine = qrConfirmMachine.provide({
  actors: {
    scan: fromPromise<QrScanResult, ScanInput>(({ input, signal }) =>
      quietApi.call('scanLoginQrcode', { body: { ticket: input.ticket }, signal }),
    ),
    confirm: fromPromise<QrConfirmResult, DecideInput>(({ input, signal }) =>
      quietApi.call('confirmLoginQrcode', { body: { ticket: input.ticket, approve: input.approve }, signal }),
    ),
  },
});
