import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, isApiError } from '../../api';
import { QrConfirmView, type QrConfirmStatus, type QrDevice } from './QrConfirmView';

/**
 * Container of `/qrcode/confirm?ticket=…` (phone side of QR login): scanLoginQrcode registers the
 * scan and returns the desktop's device; the member confirms or refuses (confirmLoginQrcode).
 */
interface State {
  status: QrConfirmStatus;
  device: QrDevice | null;
  expiredAt: number | null;
  error: string | null;
}

type Action =
  | { type: 'scanned'; device: QrDevice; expiredAt: number }
  | { type: 'deciding'; approve: boolean }
  | { type: 'result'; status: 'scanned' | 'waiting' | 'confirmed' | 'refused' | 'expired' }
  | { type: 'failed'; error: string };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'scanned':
      return { ...state, status: 'scanned', device: action.device, expiredAt: action.expiredAt };
    case 'deciding':
      return state.status === 'scanned' ? { ...state, status: action.approve ? 'confirming' : 'refusing' } : state;
    case 'result':
      return { ...state, status: action.status === 'waiting' ? 'scanned' : action.status };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
  }
}

const TIME = new Intl.DateTimeFormat('zh-CN', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

function message(error: unknown): string {
  return isApiError(error) && error.msg ? error.msg : '网络错误，请稍后重试';
}

export default function QrConfirmPage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket')?.trim() ?? '';
  const initial = useMemo<State>(
    () =>
      ticket
        ? { status: 'loading', device: null, expiredAt: null, error: null }
        : { status: 'error', device: null, expiredAt: null, error: '二维码内容不完整，请在电脑上刷新后重新扫描。' },
    [ticket],
  );
  const [state, dispatch] = useReducer(reducer, initial);

  // H5 page: it sets its own title.
  useEffect(() => {
    document.title = '确认登录';
  }, []);

  useEffect(() => {
    if (!ticket) return;
    const abort = new AbortController();
    api
      .call('scanLoginQrcode', { body: { ticket }, signal: abort.signal })
      .then((r) => {
        if (r.status === 'scanned' || r.status === 'waiting') {
          dispatch({
            type: 'scanned',
            expiredAt: r.expiredAt,
            device: {
              browser: r.device.browser,
              os: r.device.os,
              ip: r.device.ip,
              time: TIME.format(r.device.requestedAt),
            },
          });
        } else dispatch({ type: 'result', status: r.status });
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) dispatch({ type: 'failed', error: message(e) });
      });
    return () => abort.abort();
  }, [ticket]);

  // The code dies at expiredAt even if nobody decides.
  useEffect(() => {
    if (state.status !== 'scanned' || !state.expiredAt) return;
    const timer = setTimeout(
      () => dispatch({ type: 'result', status: 'expired' }),
      Math.max(0, state.expiredAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [state.status, state.expiredAt]);

  const decide = useCallback(
    (approve: boolean) => {
      dispatch({ type: 'deciding', approve });
      api
        .call('confirmLoginQrcode', { body: { ticket, approve } })
        .then((r) => dispatch({ type: 'result', status: r.status }))
        .catch((e: unknown) => dispatch({ type: 'failed', error: message(e) }));
    },
    [ticket],
  );

  return (
    <QrConfirmView
      status={state.status}
      device={state.device}
      canDecide={state.status === 'scanned'}
      error={state.error}
      onConfirm={() => decide(true)}
      onRefuse={() => decide(false)}
    />
  );
}
