export { PollForm, PollHeader, Fact, type PollFormProps } from './PollForm';
export { QuestionField, kindHint, type QuestionFieldProps } from './QuestionField';
export { RegionPicker, chainOf, type RegionLoader, type RegionOption } from './RegionPicker';
export { useEdited, useLeaveWarning } from './useLeaveWarning';
export { AnswerColumn, DoneCard, DoneMark, LinkButton, LinkRow, onPollPage, PollColumn, PollLoading } from './PollPage';
