import { Badge } from '@chakra-ui/react';
import { FeedbackCategory, FeedbackState } from '../../../openapi/enums';

/** How members read a feedback ticket's state and category (the hub's rows, a ticket's page). */

export type FeedbackStateValue = (typeof FeedbackState.list)[number];
export type FeedbackCategoryValue = (typeof FeedbackCategory.list)[number];

/** Grey while it waits for support, blue while support has it, orange when it is my turn, green when settled. */
const STATE_PALETTE: Record<FeedbackStateValue, string> = {
  0: 'gray',
  1: 'blue',
  2: 'blue',
  3: 'orange',
  4: 'orange',
  5: 'green',
};

export const feedbackStateLabel = (state: FeedbackStateValue): string => FeedbackState.labels[state];
export const feedbackCategoryLabel = (category: FeedbackCategoryValue): string => FeedbackCategory.labels[category];

export function FeedbackStateBadge({ state }: { state: FeedbackStateValue }) {
  return (
    <Badge colorPalette={STATE_PALETTE[state]} variant="subtle" fontSize="12px" px="2" data-testid="feedback-state">
      {feedbackStateLabel(state)}
    </Badge>
  );
}

/** The member's turn (待反馈、待确认): support asked something or answered. */
export function AwaitingMeBadge() {
  return (
    <Badge colorPalette="red" variant="solid" fontSize="12px" px="2" data-testid="awaiting-me">
      待你处理
    </Badge>
  );
}
