import { Text } from '@chakra-ui/react';
import { ErrorState } from '../ListStates';
import { RulesHtml, Sheet, SheetButton, SheetLoading } from './Sheet';

export interface RulesDialogProps {
  status: 'loading' | 'ready' | 'error';
  /** The benefit's name (known before its detail loads). */
  name: string;
  /** Clean HTML from BenefitDetail.rules. */
  rules: string | null;
  /** One line about the benefit (its description). */
  description?: string | null;
  error?: string | null;
  onRetry?: () => void;
  onClose?: () => void;
}

/** 使用规则 of one benefit (GET /v1/benefits/{id}). */
export function RulesDialog({ status, name, rules, description, error, onRetry, onClose }: RulesDialogProps) {
  return (
    <Sheet title={`${name} · 使用规则`} onClose={onClose} footer={<SheetButton onClick={onClose}>知道了</SheetButton>}>
      {status === 'loading' && <SheetLoading>加载中…</SheetLoading>}
      {status === 'error' && <ErrorState paddingTop={8} description={error || undefined} onRetry={onRetry} />}
      {status === 'ready' && (
        <>
          {description && (
            <Text fontSize="14px" color="gray.600" mb="3">
              {description}
            </Text>
          )}
          {rules ? <RulesHtml html={rules} /> : <Text color="gray.500">暂无特别的使用规则。</Text>}
        </>
      )}
    </Sheet>
  );
}
