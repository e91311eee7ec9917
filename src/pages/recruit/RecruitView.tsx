import { Badge, Box, Button, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router-dom';
import type { RecruitFormView } from '../../../machines/recruitApplication';
import {
  RECRUIT_GRADES,
  RECRUIT_MOTIVATION,
  RECRUIT_SCHOOL,
  RECRUIT_STATE_LABELS,
  type RecruitField,
} from '../../../openapi/rules/recruit';
import type { RecruitStatus as RecruitStatusSchema } from '../../../openapi/schemas/recruit';
import { MobileField, TextField } from '../../components/auth/fields';
import { FormAlert, SubmitButton } from '../../components/auth/formParts';
import { CountedText } from '../../components/feedback/parts';
import { FeatureCard } from '../../components/FeatureCard';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { QuestionError, Select } from '../../components/poll/controls';
import { formatDateTime } from '../../components/shanghaiTime';
import { ChatIcon, GiftIcon, UsersIcon } from '../../components/icons';
import { WhiteCard } from '../../components/WhiteCard';
import { UncertainSubmit } from '../../components/UncertainSubmit';

export type RecruitStatus = z.output<typeof RecruitStatusSchema>;

export interface RecruitViewProps {
  /** loggedOut: the role and rewards with a login prompt in place of the form. */
  status: 'loggedOut' | 'loading' | 'error' | 'ready';
  /** The member's application and officer counts (ready). */
  data: RecruitStatus | null;
  error?: string | null;
  onRetry?: () => void;
  /** The form (ready, no application yet): the machine's view. */
  form: RecruitFormView | null;
  onInput?: (field: RecruitField, value: string) => void;
  onSubmit?: () => void;
  onRetrySubmit?: () => void;
  onEdit?: () => void;
  loginHref: string;
  /** The share poster and my invites (null: not routed), offered to an officer. */
  sharePath: string | null;
  invitePath: string | null;
}

const ROLE = [
  '在校园里介绍微豆调研，帮助同学了解认真答问卷也能获得回报',
  '组织同学参与调研活动，收集并反馈同学们对问卷和活动的意见',
  '每学期至少邀请几位同学注册，并帮助他们完成第一份问卷',
] as const;

const REWARDS = [
  {
    icon: <GiftIcon />,
    title: '邀请奖励照常发放',
    text: '好友通过你的邀请注册、完成首个有效任务，你都能获得邀请奖励（微豆与权益值）。',
  },
  {
    icon: <UsersIcon />,
    title: '推广官邀请单独统计',
    text: '通过审核后，你邀请的好友单独计入推广官统计，在本页随时查看。',
  },
  {
    icon: <ChatIcon />,
    title: '运营一对一联系',
    text: '审核通过后，运营人员会通过你留的手机号联系你，提供分享海报等推广素材。',
  },
] as const;

/** `/activities/recruit` 校园推广官招募: the role, the rewards, and the member's application. */
export function RecruitView(props: RecruitViewProps) {
  return (
    <Box bg="gray.50" pb={{ base: '8', md: '14' }}>
      <Box bgGradient="to-br" gradientFrom="brand.500" gradientTo="brand.700" color="white">
        <Container maxW="1040px" px={{ base: '5', md: '6' }} py={{ base: '9', md: '14' }}>
          <Badge bg="whiteAlpha.300" color="white" borderRadius="full" px="3" py="1" fontSize="13px">
            在校大学生、研究生
          </Badge>
          <Heading as="h1" mt="3" fontSize={{ base: '26px', md: '36px' }}>
            校园推广官招募
          </Heading>
          <Text mt="3" maxW="620px" fontSize={{ base: '15px', md: '17px' }} lineHeight="1.8" color="whiteAlpha.900">
            把微豆调研带到你的校园：让更多同学的观点被听见，你的每一次邀请也都有回报。
          </Text>
        </Container>
      </Box>
      <Container maxW="1040px" px={{ base: '4', md: '6' }} mt={{ base: '-4', md: '-6' }}>
        <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '4', md: '6' }} align={{ lg: 'flex-start' }}>
          <Stack gap={{ base: '4', md: '6' }} flex="1" minW="0">
            <WhiteCard p={{ base: '5', md: '6' }}>
              <Heading as="h2" fontSize="18px">
                推广官做什么
              </Heading>
              <Stack
                as="ul"
                mt="3"
                gap="2"
                pl="5"
                listStyleType="disc"
                fontSize="15px"
                color="gray.700"
                lineHeight="1.7"
              >
                {ROLE.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </Stack>
            </WhiteCard>
            <WhiteCard p={{ base: '5', md: '6' }}>
              <Heading as="h2" fontSize="18px">
                推广官的回报
              </Heading>
              <Stack as="ul" listStyleType="none" mt="4" gap="3">
                {REWARDS.map((r) => (
                  <li key={r.title}>
                    <FeatureCard compact icon={r.icon} title={r.title} text={r.text} />
                  </li>
                ))}
              </Stack>
            </WhiteCard>
          </Stack>
          <WhiteCard p={{ base: '5', md: '6' }} width={{ base: 'full', lg: '420px' }} flexShrink={0}>
            <Side {...props} />
          </WhiteCard>
        </Flex>
      </Container>
    </Box>
  );
}

function Side(props: RecruitViewProps) {
  if (props.status === 'loggedOut')
    return (
      <Stack gap="3" textAlign="center" py="4">
        <Heading as="h2" fontSize="18px">
          申请成为推广官
        </Heading>
        <Text fontSize="14px" color="fg.muted">
          登录后填写申请表，每位会员可申请一次。
        </Text>
        <Button asChild colorPalette="brand" borderRadius="full" alignSelf="center" px="8">
          <RouterLink to={props.loginHref}>登录后申请</RouterLink>
        </Button>
      </Stack>
    );
  if (props.status === 'loading') return <LoadingState paddingTop={24} />;
  if (props.status === 'error' || !props.data)
    return <ErrorState paddingTop={16} description={props.error || undefined} onRetry={props.onRetry} />;
  const { application, officer } = props.data;
  if (!application) return props.form ? <ApplicationForm {...props} form={props.form} /> : null;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center">
        <Heading as="h2" fontSize="18px">
          我的申请
        </Heading>
        <Badge
          borderRadius="full"
          px="3"
          colorPalette={
            application.state === 'approved' ? 'green' : application.state === 'rejected' ? 'red' : 'orange'
          }
        >
          {RECRUIT_STATE_LABELS[application.state]}
        </Badge>
      </Flex>
      {application.state === 'pending' && (
        <FormAlert tone="info">申请已提交，运营人员会在 3 个工作日内审核，结果会通过站内消息通知你。</FormAlert>
      )}
      {application.state === 'rejected' && (
        <FormAlert>
          很遗憾，申请没有通过。{application.reviewMessage && `审核留言：${application.reviewMessage}`}
        </FormAlert>
      )}
      {officer && (
        <Box bg="brand.50" borderRadius="xl" p="4">
          <Text fontSize="14px" color="brand.800">
            你已是校园推广官（{formatDateTime(officer.since)} 起）
          </Text>
          {application.reviewMessage && (
            <Text mt="1" fontSize="13px" color="brand.800">
              审核留言：{application.reviewMessage}
            </Text>
          )}
          <SimpleGrid columns={2} gap="3" mt="3">
            <Stat label="推广官期间邀请注册" value={officer.invitedCount} />
            <Stat label="其中完成首个任务" value={officer.activeCount} />
          </SimpleGrid>
          <Flex gap="4" mt="3" wrap="wrap" fontSize="14px">
            {props.sharePath && (
              <Box asChild color="brand.700" textDecoration="underline" textUnderlineOffset="3px">
                <RouterLink to={props.sharePath}>生成分享海报</RouterLink>
              </Box>
            )}
            {props.invitePath && (
              <Box asChild color="brand.700" textDecoration="underline" textUnderlineOffset="3px">
                <RouterLink to={props.invitePath}>我邀请的好友</RouterLink>
              </Box>
            )}
          </Flex>
        </Box>
      )}
      <Stack as="dl" gap="2" fontSize="14px">
        <Row label="学校" value={application.school} />
        <Row label="年级" value={application.grade} />
        <Row label="联系手机" value={application.mobile} />
        <Row label="提交时间" value={formatDateTime(application.submittedAt)} />
        <Row label="申请理由" value={application.motivation} />
      </Stack>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Text fontSize="24px" fontWeight="bold" color="brand.700">
        {value} 人
      </Text>
      <Text fontSize="13px" color="gray.600">
        {label}
      </Text>
    </Box>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Flex gap="3">
      <Text as="dt" color="gray.500" flexShrink={0} width="4.5em">
        {label}
      </Text>
      <Text as="dd" color="gray.800" minW="0" wordBreak="break-word">
        {value}
      </Text>
    </Flex>
  );
}

function ApplicationForm(props: RecruitViewProps & { form: RecruitFormView }) {
  const { form, onInput } = props;
  const gradeId = useId();
  const locked = form.busy;
  const p = form.problems;
  const input = (field: RecruitField) => (value: string) => onInput?.(field, value);
  return (
    <form
      noValidate
      aria-label="推广官申请表"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit?.();
      }}
    >
      <Stack gap="4">
        <Heading as="h2" fontSize="18px">
          申请成为推广官
        </Heading>
        <Box>
          <Text fontSize="14px" fontWeight="medium" color="gray.800" mb="1.5">
            学校
          </Text>
          <TextField
            label="学校"
            placeholder={`学校全称（${RECRUIT_SCHOOL.min}–${RECRUIT_SCHOOL.max} 个字）`}
            value={form.form.school}
            error={p.school}
            disabled={locked}
            maxLength={RECRUIT_SCHOOL.max}
            onChange={input('school')}
          />
        </Box>
        <Box>
          <Text asChild fontSize="14px" fontWeight="medium" color="gray.800" mb="1.5" display="block">
            <label htmlFor={gradeId}>年级</label>
          </Text>
          <Select
            id={gradeId}
            value={form.form.grade}
            disabled={locked}
            aria-invalid={p.grade ? true : undefined}
            onChange={(e) => onInput?.('grade', e.currentTarget.value)}
          >
            <option value="" disabled>
              请选择年级
            </option>
            {RECRUIT_GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </Select>
          {p.grade && (
            <div role="alert">
              <QuestionError id={`${gradeId}-error`}>{p.grade}</QuestionError>
            </div>
          )}
        </Box>
        <Box>
          <Text fontSize="14px" fontWeight="medium" color="gray.800" mb="1.5">
            联系手机号
          </Text>
          <MobileField
            label="联系手机号"
            value={form.form.mobile}
            error={p.mobile}
            disabled={locked}
            onChange={input('mobile')}
          />
          {!p.mobile && (
            <Text mt="1.5" fontSize="13px" color="gray.500">
              加密发送，仅用于运营人员联系你
            </Text>
          )}
        </Box>
        <CountedText
          label="申请理由"
          value={form.form.motivation}
          max={RECRUIT_MOTIVATION.max}
          rows={5}
          placeholder={`说说你为什么想成为推广官，以及你在学校的社团、班级经历（${RECRUIT_MOTIVATION.min}–${RECRUIT_MOTIVATION.max} 个字）`}
          error={p.motivation}
          disabled={locked}
          onChange={input('motivation')}
        />
        {form.step === 'failed' ? (
          <UncertainSubmit
            retryLabel="重新提交"
            onRetry={props.onRetrySubmit}
            actions={
              <Button size="sm" variant="outline" borderRadius="full" px="5" onClick={props.onEdit}>
                修改申请表
              </Button>
            }
          >
            {form.error}
          </UncertainSubmit>
        ) : (
          <SubmitButton loading={form.busy} loadingText="正在提交…" disabled={!form.canSubmit}>
            提交申请
          </SubmitButton>
        )}
        <Text fontSize="13px" color="gray.500">
          每位会员只能申请一次，提交后不能修改。
        </Text>
      </Stack>
    </form>
  );
}
