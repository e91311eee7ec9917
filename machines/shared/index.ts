export { NETWORK_ERROR_MSG, codeOf, errorMessage } from './errors';
export { notProvided } from './notProvided';
export { RESEND_SECONDS, everySecond, secondTicker } from './timers';
export { NEW_PASSWORD_RE, isCode, isInviteCodeOk, isLoginPassword, isMobile, isNewPassword } from './rules';
export { isUncertain, newRequestKey } from './requestKey';
export { confirmAndEnds, errorTransitions, flowView, refusalGuard, refusalOf } from './checkConfirmAct';
export type { FlowControls, FlowEvent, FlowStep, FlowTag, FlowView } from './checkConfirmAct';
