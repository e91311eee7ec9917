import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MegaphoneIcon, PhoneAppIcon, SurveyIcon } from '../../components/icons';
import { IconBadge } from '../../components/IconBadge';
import { PillLink } from '../../components/PillLink';
import { formatDate } from '../../components/shanghaiTime';
import { noticePath } from '../../routing/paths';

/** An unread notice as /home lists it (the contract's NoticeBrief). */
export interface PromptNotice {
  id: number;
  title: string;
  pinned: boolean;
  publishedAt: number;
}

/** What /home prompts (homeCheck): each flag is the member's own; the check-in card speaks for today's check-in. */
export interface HomePromptsProps {
  surveyDone: boolean;
  mobileBound: boolean;
  notices: PromptNotice[];
  /** The personal questionnaire page; the prompt has no button without it (not built). */
  surveyPath?: string;
  /** Where a member binds a mobile; the prompt has no button without it (not built). */
  mobilePath?: string;
  /** 全部标为已读. */
  onReadAll?: () => void;
  readingAll?: boolean;
}

/** Unread notices shown before 查看全部. */
export const NOTICES_SHOWN = 5;

/** 待办提醒 on /home: the personal questionnaire, a mobile to bind, unread notices. Nothing to prompt: nothing. */
export function HomePrompts(props: HomePromptsProps) {
  const { surveyDone, mobileBound, notices } = props;
  if (surveyDone && mobileBound && notices.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="home-prompts-title" layerStyle="card" px={{ base: '4', md: '5' }} py="4">
      <Heading as="h2" id="home-prompts-title" fontSize={{ base: '16px', md: '18px' }} color="ink" mb="1">
        待办提醒
      </Heading>
      <Stack gap="0" separator={<Box borderTopWidth="1px" borderColor="gray.100" />}>
        {!surveyDone && (
          <Prompt
            icon={<SurveyIcon />}
            title="完善个人属性问卷"
            text="花几分钟填写，就能收到更多适合你的任务邀请。"
            action={props.surveyPath && <PillLink to={props.surveyPath}>去填写</PillLink>}
          />
        )}
        {!mobileBound && (
          <Prompt
            icon={<PhoneAppIcon />}
            title="绑定手机号"
            text="绑定后可以用手机号登录，兑换和任务通知也能及时收到。"
            action={props.mobilePath && <PillLink to={props.mobilePath}>去绑定</PillLink>}
          />
        )}
        {notices.length > 0 && <Notices {...props} />}
      </Stack>
    </Box>
  );
}

function Prompt({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <Flex gap="3" align="center" py="3" data-testid="home-prompt">
      <IconBadge size="40px">{icon}</IconBadge>
      <Box flex="1" minW="0">
        <Text fontWeight="semibold" color="ink" fontSize="15px">
          {title}
        </Text>
        <Text textStyle="body.muted" fontSize="13px">
          {text}
        </Text>
      </Box>
      {action && <Box flexShrink={0}>{action}</Box>}
    </Flex>
  );
}

function Notices({ notices, onReadAll, readingAll }: HomePromptsProps) {
  const [all, setAll] = useState(false);
  const shown = all ? notices : notices.slice(0, NOTICES_SHOWN);
  return (
    <Box py="3" data-testid="home-prompt">
      <Flex gap="3" align="center">
        <IconBadge size="40px">
          <MegaphoneIcon />
        </IconBadge>
        <Box flex="1" minW="0">
          <Text fontWeight="semibold" color="ink" fontSize="15px">
            {notices.length} 条未读公告
          </Text>
          <Text textStyle="body.muted" fontSize="13px">
            点开即标为已读
          </Text>
        </Box>
        {onReadAll && (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="brand"
            borderRadius="full"
            flexShrink={0}
            onClick={onReadAll}
            loading={readingAll}
            loadingText="处理中…"
          >
            全部标为已读
          </Button>
        )}
      </Flex>
      <Stack as="ul" listStyleType="none" gap="0" mt="2" pl={{ base: '0', sm: '52px' }}>
        {shown.map((n) => (
          <Box as="li" key={n.id}>
            <Flex
              asChild
              align="center"
              gap="2"
              py="2"
              px="2"
              mx="-2"
              borderRadius="md"
              _hover={{ bg: 'brand.50' }}
              data-testid="home-notice"
            >
              <RouterLink to={noticePath(n.id)}>
                {n.pinned && (
                  <Badge colorPalette="red" variant="subtle" flexShrink={0}>
                    置顶
                  </Badge>
                )}
                <Text as="span" flex="1" minW="0" truncate fontSize="14px" color="gray.800">
                  {n.title}
                </Text>
                <Text as="span" textStyle="caption.soft" flexShrink={0}>
                  {formatDate(n.publishedAt)}
                </Text>
              </RouterLink>
            </Flex>
          </Box>
        ))}
      </Stack>
      {notices.length > NOTICES_SHOWN && (
        <Button
          size="xs"
          variant="plain"
          colorPalette="brand"
          ml={{ base: '0', sm: '52px' }}
          onClick={() => setAll((v) => !v)}
          aria-expanded={all}
        >
          {all ? '收起' : `查看全部 ${notices.length} 条`}
        </Button>
      )}
    </Box>
  );
}
