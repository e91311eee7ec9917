import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { RECORD_MISSING_NOTE, type FeedbackCategoryValue } from '../../../machines/feedback';
import { FeedbackCategory } from '../../../openapi/enums';
import { FEEDBACK_TEXT } from '../../../openapi/rules/feedback';
import { FormAlert, SubmitButton } from '../../components/auth/formParts';
import { CountedText, RecordCard } from '../../components/feedback/parts';
import { ScreenshotPicker } from '../../components/feedback/ScreenshotPicker';
import { LoadingState } from '../../components/ListStates';
import { QuestionError, Select } from '../../components/poll/controls';
import { WhiteCard } from '../../components/WhiteCard';
import { BackLink } from '../../components/BackLink';
import type { FeedbackProps } from '../../flows/useFeedback';
import { UncertainSubmit } from '../../components/UncertainSubmit';

export interface FeedbackAskViewProps extends FeedbackProps {
  /** 我的反馈, when that page is routed. */
  listPath?: string | null;
}

const FORM_STATES = new Set(['loadingRecord', 'editing', 'submitting', 'networkError']);

/** `/home/feedback/ask` 提交反馈: the record it is about, the category, the description, screenshots. */
export function FeedbackAskView(props: FeedbackAskViewProps) {
  const { status, errors } = props;
  const locked = status === 'submitting' || status === 'networkError';
  const categoryId = useId();
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      {props.listPath && <BackLink to={props.listPath}>返回我的反馈</BackLink>}
      <WhiteCard px={{ base: '4', md: '8' }} py={{ base: '5', md: '7' }}>
        <Heading as="h1" fontSize={{ base: '19px', md: '22px' }} color="ink">
          提交反馈
        </Heading>
        <Text mt="1.5" textStyle="body.muted">
          说清楚遇到了什么问题，客服一般在 1 个工作日内受理，处理进展会通过消息通知你。
        </Text>
        {!FORM_STATES.has(status) ? (
          <LoadingState label="反馈已提交，正在打开…" paddingTop={60} />
        ) : (
          <form
            noValidate
            aria-label="提交反馈"
            onSubmit={(e) => {
              e.preventDefault();
              props.onSubmit();
            }}
          >
            <Stack gap="5" mt="5">
              <RecordPart {...props} />

              <Box>
                <Text asChild fontSize="14px" fontWeight="medium" color="gray.800" mb="1.5" display="block">
                  <label htmlFor={categoryId}>问题类型</label>
                </Text>
                <Select
                  id={categoryId}
                  value={props.category ?? ''}
                  disabled={locked}
                  aria-invalid={errors.category ? true : undefined}
                  onChange={(e) => props.onCategory(Number(e.currentTarget.value) as FeedbackCategoryValue)}
                >
                  <option value="" disabled>
                    请选择问题类型
                  </option>
                  {FeedbackCategory.list.map((c) => (
                    <option key={c} value={c}>
                      {FeedbackCategory.labels[c]}
                    </option>
                  ))}
                </Select>
                {errors.category && (
                  <div role="alert">
                    <QuestionError id={`${categoryId}-error`}>{errors.category}</QuestionError>
                  </div>
                )}
              </Box>

              <CountedText
                label="问题描述"
                value={props.content}
                max={FEEDBACK_TEXT.max}
                rows={6}
                placeholder={`请尽量写清楚发生的时间、页面和操作步骤（${FEEDBACK_TEXT.min}–${FEEDBACK_TEXT.max} 个字）`}
                error={errors.content}
                disabled={locked}
                onChange={props.onContent}
              />

              <Box>
                <Text fontSize="14px" fontWeight="medium" color="gray.800" mb="1.5">
                  截图（选填）
                </Text>
                <ScreenshotPicker
                  shots={props.shots}
                  previews={props.previews}
                  notice={props.shotsNotice}
                  error={errors.images}
                  canAdd={props.canAddScreenshots}
                  disabled={locked}
                  onAdd={props.onAddScreenshots}
                  onRemove={props.onRemoveScreenshot}
                  onRetry={props.onRetryScreenshot}
                />
              </Box>

              {status === 'networkError' ? (
                <UncertainSubmit what="反馈" sent="提交" retryLabel="重新提交" onRetry={props.onRetry} />
              ) : (
                props.error && <FormAlert>{props.error}</FormAlert>
              )}

              <SubmitButton loading={status === 'submitting'} loadingText="正在提交…" disabled={!props.canSubmit}>
                提交反馈
              </SubmitButton>
            </Stack>
          </form>
        )}
      </WhiteCard>
    </Stack>
  );
}

/** The record the URL named: being read, shown, gone, or not read (with 重新读取). */
function RecordPart(props: FeedbackAskViewProps) {
  if (props.status === 'loadingRecord')
    return (
      <Flex
        role="status"
        align="center"
        gap="2"
        textStyle="caption.muted"
        borderWidth="1px"
        borderColor="gray.200"
        borderRadius="lg"
        px="3.5"
        py="3"
      >
        <Spinner size="xs" color="brand.500" />
        正在读取关联的记录…
      </Flex>
    );
  if (props.record) return <RecordCard record={props.record} />;
  if (props.recordMissing) return <FormAlert tone="info">{RECORD_MISSING_NOTE}</FormAlert>;
  if (props.recordError)
    return (
      <FormAlert>
        <Text>关联的记录没有读取成功：{props.recordError}</Text>
        {props.canRetryRecord && (
          <Button
            mt="2"
            size="xs"
            variant="outline"
            colorPalette="brand"
            borderRadius="full"
            onClick={props.onRetryRecord}
          >
            重新读取
          </Button>
        )}
      </FormAlert>
    );
  return null;
}
