import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ForumTopicEditorView } from '../../../machines/forumTopicEditor';
import type { FocusTask } from '../../../machines/forumBoard';
import { FORUM_TEXT_MAX, FORUM_TITLE } from '../../../openapi/rules/forum';
import { CheckboxInput, TextField } from '../../components/auth/fields';
import { FormAlert } from '../../components/auth/formParts';
import { CountedText } from '../../components/feedback/parts';
import { FilterChips } from '../../components/SegmentTabs';
import { WhiteCard } from '../../components/WhiteCard';

/** The 发起话题 form's props: the machine's view (machines/forumTopicEditor.ts) and its handlers. */
export interface NewTopicProps extends ForumTopicEditorView {
  onOpen: () => void;
  onCancel: () => void;
  onSection: (sectionId: number) => void;
  onTitle: (title: string) => void;
  onBody: (body: string) => void;
  onRequired: (required: boolean) => void;
  onSeeAfterPosting: (seeAfterPosting: boolean) => void;
  onSubmit: () => void;
}

/** 发起话题 on the board, for the moderator: a button, then the form (section, title, text, 必答, 先回复后可见). */
export function NewTopicForm({
  sections,
  topicHref,
  ...props
}: NewTopicProps & { sections: FocusTask['sections']; topicHref: (id: number) => string }) {
  const { status } = props;
  if (status === 'closed')
    return (
      <WhiteCard px={{ base: '4', md: '6' }} py="4">
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          {props.posted ? (
            <Text fontSize="14px" color="green.700" role="status" minW="0">
              话题已发布：
              <RouterLink to={topicHref(props.posted.id)}>
                <Text as="span" color="brand.600" fontWeight="medium" _hover={{ textDecoration: 'underline' }}>
                  {props.posted.title}
                </Text>
              </RouterLink>
            </Text>
          ) : (
            <Text textStyle="caption.soft">发布受访者要回答的问题，可设为必答或先回复后可见。</Text>
          )}
          <Button colorPalette="brand" borderRadius="full" px="6" onClick={props.onOpen}>
            发起话题
          </Button>
        </Flex>
      </WhiteCard>
    );
  const locked = status === 'submitting';
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="5">
      <form
        noValidate
        aria-label="发起话题"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="4">
          <Text as="h2" fontSize="16px" fontWeight="semibold" color="gray.900">
            发起话题
          </Text>
          <Box>
            <Text fontSize="14px" fontWeight="medium" color="gray.800">
              版块
            </Text>
            <FilterChips
              px="0"
              pb="0"
              pt="2"
              tabs={sections.map((s) => ({ value: s.id as number | null, label: s.name }))}
              value={props.sectionId}
              onChange={(id) => !locked && id !== null && props.onSection(id)}
              label="话题的版块"
              flexWrap="wrap"
            />
            {props.problems.section && (
              <Text role="alert" mt="1.5" fontSize="13px" color="red.600">
                {props.problems.section}
              </Text>
            )}
          </Box>
          <Box>
            <Text fontSize="14px" fontWeight="medium" color="gray.800" mb="1.5">
              标题
            </Text>
            <TextField
              label="话题标题"
              placeholder={`一句话说清要问什么（${FORUM_TITLE.min}–${FORUM_TITLE.max} 字）`}
              value={props.title}
              maxLength={FORUM_TITLE.max + 20}
              disabled={locked}
              error={props.problems.title}
              onChange={props.onTitle}
            />
          </Box>
          <CountedText
            label="话题内容"
            value={props.body}
            max={FORUM_TEXT_MAX}
            rows={5}
            placeholder="写下要受访者回答的问题和说明（空一行另起一段）"
            error={props.problems.body}
            disabled={locked}
            onChange={props.onBody}
          />
          <Stack gap="2">
            <Check
              checked={props.required}
              disabled={locked}
              onChange={props.onRequired}
              label="必答"
              hint="受访者答完全部必答话题才算完成任务"
            />
            <Check
              checked={props.seeAfterPosting}
              disabled={locked}
              onChange={props.onSeeAfterPosting}
              label="先回复后可见"
              hint="受访者回复后才能看到其他人的回复"
            />
          </Stack>
          {props.error && <FormAlert>{props.error}</FormAlert>}
          <Flex justify="flex-end" gap="2">
            <Button variant="ghost" borderRadius="full" disabled={locked} onClick={props.onCancel}>
              取消
            </Button>
            <Button
              type="submit"
              colorPalette="brand"
              borderRadius="full"
              px="8"
              loading={locked}
              loadingText="正在发布…"
              disabled={!props.canSubmit}
            >
              发布话题
            </Button>
          </Flex>
        </Stack>
      </form>
    </WhiteCard>
  );
}

function Check(props: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <Flex as="label" gap="2" align="flex-start" fontSize="14px" lineHeight="1.6" cursor="pointer">
      <CheckboxInput
        type="checkbox"
        id={id}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>
        <Text as="span" color="gray.900" fontWeight="medium">
          {props.label}
        </Text>
        <Text as="span" color="gray.500" fontSize="13px">
          （{props.hint}）
        </Text>
      </span>
    </Flex>
  );
}
