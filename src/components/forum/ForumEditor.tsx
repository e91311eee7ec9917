import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ForumEditorView } from '../../../machines/forumEditor';
import { FORUM_TEXT_MAX } from '../../../openapi/rules/forum';
import { FormAlert } from '../auth/formParts';
import { UncertainSubmit } from '../UncertainSubmit';
import { CountedText } from '../feedback/parts';
import { ScreenshotPicker } from '../feedback/ScreenshotPicker';
import { WhiteCard } from '../WhiteCard';

/** The editor's props: the machine's view (machines/forumEditor.ts), the pictures' previews and the handlers. */
export interface ForumEditorProps extends ForumEditorView {
  previews: Record<number, string>;
  onInput: (body: string) => void;
  onUnquote: () => void;
  onAddImages: (files: File[]) => void;
  onRemoveImage: (id: number) => void;
  onRetryImage: (id: number) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

/** 发表回复 at the bottom of a topic: text, the quoted reply, pictures, and the send (or why not). */
export function ForumEditor(props: ForumEditorProps) {
  const { status } = props;
  if (status === 'refused')
    return (
      <WhiteCard px={{ base: '4', md: '6' }} py="5" id="forum-editor">
        <FormAlert tone="info">{props.refusal}</FormAlert>
      </WhiteCard>
    );
  const locked = status === 'submitting' || status === 'failed';
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="5" id="forum-editor">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="4">
          <Text as="h2" fontSize="16px" fontWeight="semibold" color="gray.900">
            发表回复
          </Text>
          {props.restored && (
            <Text textStyle="caption.soft" role="status">
              已恢复你上次没有发出的草稿
            </Text>
          )}
          {props.quote && (
            <Flex
              align="flex-start"
              gap="2"
              bg="gray.50"
              borderInlineStartWidth="3px"
              borderColor="brand.300"
              px="3"
              py="2"
              borderRadius="sm"
              data-testid="editor-quote"
            >
              <Text flex="1" fontSize="13px" color="gray.600" lineClamp={2}>
                <Text as="span" fontWeight="semibold">
                  引用 {props.quote.author}：
                </Text>
                {props.quote.excerpt}
              </Text>
              <Button size="2xs" variant="ghost" disabled={locked} onClick={props.onUnquote}>
                取消引用
              </Button>
            </Flex>
          )}
          <CountedText
            label="回复内容"
            value={props.body}
            max={FORUM_TEXT_MAX}
            rows={5}
            placeholder="说说你的真实想法（空一行另起一段）"
            error={props.problems.body}
            disabled={locked}
            onChange={props.onInput}
          />
          <Box>
            <Text fontSize="14px" fontWeight="medium" color="gray.800" mb="1.5">
              图片（选填）
            </Text>
            <ScreenshotPicker
              shots={props.shots}
              previews={props.previews}
              notice={props.shotsNotice}
              error={props.problems.images}
              canAdd={props.canAddImages}
              disabled={locked}
              max={props.maxImages}
              module="forum"
              noun="图片"
              onAdd={props.onAddImages}
              onRemove={props.onRemoveImage}
              onRetry={props.onRetryImage}
            />
          </Box>
          {status === 'failed' ? (
            <UncertainSubmit what="回复" sent="发出" retryLabel="重新发表" onRetry={props.onRetry} />
          ) : (
            props.error && <FormAlert>{props.error}</FormAlert>
          )}
          <Flex justify="flex-end">
            <Button
              type="submit"
              colorPalette="brand"
              borderRadius="full"
              px="8"
              loading={status === 'submitting'}
              loadingText="正在发表…"
              disabled={!props.canSubmit}
            >
              发表回复
            </Button>
          </Flex>
        </Stack>
      </form>
    </WhiteCard>
  );
}
