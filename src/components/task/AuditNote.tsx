import { Badge, Text } from '@chakra-ui/react';
import { AuditState } from '../../../openapi/enums';
import { formatDateTime } from '../shanghaiTime';

/** A complete's audit state (spec §3) as the contract gives it (TaskAudit). */
export interface AuditData {
  state: (typeof AuditState.list)[number];
  reason: string | null;
  reviewUntil: number | null;
}

const PALETTE: Record<AuditData['state'], string> = { 0: 'orange', 1: 'green', 2: 'red' };

/** 待审核 / 有效 / 无效, as a badge beside the result. */
export function AuditBadge({ audit }: { audit: AuditData }) {
  return (
    <Badge colorPalette={PALETTE[audit.state]} variant="outline" fontSize="12px" data-testid="record-audit">
      {AuditState.labels[audit.state]}
    </Badge>
  );
}

/** What the state means for the member's 微豆, in a sentence (null for 有效: nothing to say). */
export function auditSentence(audit: AuditData): string | null {
  if (audit.state === AuditState.values.PENDING)
    return audit.reviewUntil
      ? `合作方复核中：${formatDateTime(audit.reviewUntil)} 前若判为无效，本次微豆会被收回。`
      : '合作方复核中：若判为无效，本次微豆会被收回。';
  if (audit.state === AuditState.values.INVALID) return `无效：${audit.reason ?? '未通过审核'}`;
  return null;
}

/** The sentence as a line under a record or an outcome. */
export function AuditLine({ audit }: { audit: AuditData }) {
  const sentence = auditSentence(audit);
  if (!sentence) return null;
  return (
    <Text
      mt="1"
      fontSize="13px"
      color={audit.state === AuditState.values.INVALID ? 'red.600' : 'orange.700'}
      data-testid="record-audit-note"
    >
      {sentence}
    </Text>
  );
}
