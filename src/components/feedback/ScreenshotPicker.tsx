import { Box, Button, Flex, Grid, Image, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useRef } from 'react';
import type { Shot } from '../../../machines/screenshots';
import { FEEDBACK_MAX_IMAGES } from '../../../openapi/rules/feedback';
import { IMAGE_TYPE_LIST, acceptWords, type UploadModule } from '../../../openapi/rules/uploads';
import { CloseIcon } from '../icons';

export interface ScreenshotPickerProps {
  shots: Shot[];
  /** Local previews by shot id. */
  previews: Record<number, string>;
  /** Pictures beyond the limit were left out. */
  notice?: string | null;
  /** The form's message about the pictures (still uploading, one failed). */
  error?: string;
  /** More may be added now. */
  canAdd: boolean;
  /** The list can be changed now (not while the form is being sent). */
  disabled?: boolean;
  /** The accessible name of the file input. */
  label?: string;
  /** Most pictures (default: a feedback's). */
  max?: number;
  /** The upload module whose types and size the hint names (default: feedback). */
  module?: UploadModule;
  /** What the pictures are called: 截图 (feedback) or 图片 (a forum reply). */
  noun?: string;
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
  onRetry: (id: number) => void;
}

const STATUS_WORDS: Partial<Record<Shot['status'], string>> = {
  waiting: '等待上传',
  checking: '正在检查',
  uploading: '上传中',
};

/**
 * Up to `max` (FEEDBACK_MAX_IMAGES) screenshots: each one's preview and what is happening to it, a way to
 * remove it and, when its upload failed, to try again; then a tile to add more.
 */
export function ScreenshotPicker(props: ScreenshotPickerProps) {
  const { shots, previews, canAdd, disabled = false } = props;
  const max = props.max ?? FEEDBACK_MAX_IMAGES;
  const noun = props.noun ?? '截图';
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const failed = shots.filter((s) => s.status === 'failed');
  return (
    <Box>
      <Grid templateColumns={{ base: 'repeat(4, minmax(0, 1fr))', md: 'repeat(4, 96px)' }} gap="2.5" role="list">
        {shots.map((shot) => {
          const working = STATUS_WORDS[shot.status];
          // A file refused by its check is not a picture: no preview of it.
          const preview = shot.status === 'failed' && !shot.retryable ? undefined : previews[shot.id];
          return (
            <Box
              key={shot.id}
              role="listitem"
              aria-label={shot.file.name}
              data-testid="screenshot"
              data-status={shot.status}
              position="relative"
              aspectRatio="1"
              borderRadius="lg"
              overflow="hidden"
              borderWidth="1px"
              borderColor={shot.status === 'failed' ? 'red.300' : 'gray.200'}
              bg="gray.50"
            >
              {preview && <Image src={preview} alt={shot.file.name} w="100%" h="100%" objectFit="cover" />}
              {working && (
                <Flex
                  position="absolute"
                  inset="0"
                  bg="blackAlpha.500"
                  color="white"
                  direction="column"
                  align="center"
                  justify="center"
                  gap="1"
                >
                  <Spinner size="sm" />
                  <Text fontSize="11px">{working}</Text>
                </Flex>
              )}
              {shot.status === 'failed' && (
                <Flex
                  position="absolute"
                  inset="0"
                  bg="whiteAlpha.800"
                  direction="column"
                  align="center"
                  justify="center"
                  gap="1"
                  px="1"
                >
                  <Text fontSize="11px" color="red.600" fontWeight="semibold">
                    上传失败
                  </Text>
                  {!preview && (
                    <Text fontSize="10px" color="gray.600" lineClamp={1} maxW="100%" wordBreak="break-all">
                      {shot.file.name}
                    </Text>
                  )}
                  {shot.retryable && (
                    <Button
                      size="2xs"
                      variant="outline"
                      colorPalette="brand"
                      disabled={disabled}
                      onClick={() => props.onRetry(shot.id)}
                    >
                      重试
                    </Button>
                  )}
                </Flex>
              )}
              <Button
                position="absolute"
                top="1"
                right="1"
                size="2xs"
                minW="22px"
                h="22px"
                p="0"
                borderRadius="full"
                bg="blackAlpha.600"
                color="white"
                _hover={{ bg: 'blackAlpha.700' }}
                aria-label={`删除${noun} ${shot.file.name}`}
                disabled={disabled}
                onClick={() => props.onRemove(shot.id)}
                css={{ '& svg': { width: '12px', height: '12px' } }}
              >
                <CloseIcon />
              </Button>
            </Box>
          );
        })}
        {shots.length < max && (
          // The add tile is an item of the list too: a list may hold only items (axe aria-required-children).
          <Box role="listitem" display="flex">
            <Button
              variant="outline"
              aspectRatio="1"
              h="auto"
              minH="0"
              borderStyle="dashed"
              borderColor="gray.300"
              color="gray.500"
              borderRadius="lg"
              flexDirection="column"
              gap="0.5"
              fontSize="12px"
              fontWeight="normal"
              disabled={!canAdd || disabled}
              aria-describedby={hintId}
              onClick={() => input.current?.click()}
            >
              <Text as="span" fontSize="24px" lineHeight="1" aria-hidden="true">
                +
              </Text>
              添加{noun}
            </Button>
          </Box>
        )}
      </Grid>
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          multiple
          accept={IMAGE_TYPE_LIST.join(',')}
          aria-label={props.label ?? `选择${noun}`}
          tabIndex={-1}
          disabled={!canAdd || disabled}
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            if (files.length > 0) props.onAdd(files);
          }}
        />
      </VisuallyHidden>
      <Text id={hintId} mt="2" textStyle="small.soft">
        最多 {max} 张，{acceptWords(props.module ?? 'feedback')}（{shots.length}/{max}）
      </Text>
      {failed.map((s) => (
        <Text key={s.id} mt="1" fontSize="13px" color="red.600">
          {s.file.name}：{s.error}
        </Text>
      ))}
      {(props.notice || props.error) && (
        <Text id={errorId} role="alert" mt="1" fontSize="13px" color="red.600">
          {props.error ?? props.notice}
        </Text>
      )}
    </Box>
  );
}
