import { Badge, Box, Button, Circle, Container, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  REFUSAL_TEXT,
  REJECTION_TEXT,
  type HandoffView as HandoffViewModel,
  type TaskBrief,
} from '../../../machines/surveyHandoff';
import { POINTS_STATUS_LABEL, joinResultCopy, lowQualityText, type ResultTone } from './joinResultCopy';
import { resumeLabel } from '../task/format';
import { QUALITY_LEVEL_PATH } from '../../routing/paths';
import { AuditState } from '../../../openapi/enums';
import { auditSentence } from '../task/AuditNote';

/**
 * The one props-only view of the survey hand-off flow: the hand-off screen (正在前往问卷…), the
 * return/result screen and the watch/browse screen, in every state of machines/surveyHandoff.ts.
 */

/** Where the view may link (null: that page does not exist, so no link is shown). */
export interface HandoffLinks {
  /** 更多任务 (/task). */
  tasks: string | null;
  /** 任务记录 (/home/task). */
  records: string | null;
  /** 反馈问题 for this respondent id (/home/feedback/ask?rid=…). */
  feedback: string | null;
  /** The personal attribute questionnaire (/user/survey). */
  basicSurvey: string | null;
  /** Continue an unfinished participation (/task/go?id=…). */
  resume: string | null;
  /** The product trial this poll screens for (its apply step, /prize?id=…): back there to apply. */
  trial?: { path: string; title: string } | null;
}

export interface HandoffViewProps extends HandoffViewModel {
  links: HandoffLinks;
  /** The watch target may be shown inside the page (same-origin path). */
  embeddable?: boolean;
  /** The respondent id was just copied. */
  ridCopied?: boolean;
  onLogin?: () => void;
  onRedirect?: () => void;
  onRetry?: () => void;
  onRefresh?: () => void;
  onClaim?: () => void;
  onCopyRid?: () => void;
}

const KIND_GOING: Record<string, string> = {
  survey: '正在前往问卷…',
  poll: '正在打开问卷…',
  video: '正在打开视频…',
  browse: '正在打开页面…',
  forum: '正在进入座谈会…',
};

export function HandoffView(props: HandoffViewProps) {
  return (
    <Container maxW="640px" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }}>
      <Box
        bg="white"
        borderRadius="2xl"
        borderWidth={{ base: '0', md: '1px' }}
        borderColor="gray.100"
        boxShadow={{ base: 'none', md: 'sm' }}
        p={{ base: '2', md: '8' }}
        data-testid="handoff"
        data-status={props.status}
      >
        <Body {...props} />
      </Box>
    </Container>
  );
}

function Body(props: HandoffViewProps) {
  const { status } = props;
  switch (status) {
    case 'loginRequired':
      return <LoginRequired {...props} />;
    case 'invalidLink':
      return (
        <Message
          tone="warning"
          title="链接不完整"
          body={
            props.mode === 'handoff'
              ? '这个任务链接缺少任务编号，请从任务列表重新进入。'
              : '这个链接缺少答题记录编号，无法确认结果。你可以在任务记录中查看每次答题的结果。'
          }
        >
          <NavLinks links={props.links} />
        </Message>
      );
    case 'loadingTask':
      return <Busy label="正在准备任务…" />;
    case 'starting':
    case 'redirecting':
      return <Going {...props} />;
    case 'refused':
      return <Refused {...props} />;
    case 'returning':
      return <Busy label="正在确认答题结果…" hint="请不要关闭页面，确认后微豆会立即入账。" />;
    case 'loadingOutcome':
      return <Busy label="正在查询答题结果…" />;
    case 'settled':
      return <Result {...props} />;
    case 'rejected':
      return <Rejected {...props} />;
    case 'loadingTarget':
      return <Busy label="正在打开任务内容…" />;
    case 'watching':
    case 'claimable':
    case 'claiming':
      return <Watch {...props} />;
    case 'failed':
      return <Failed {...props} />;
  }
}

/* ---- pieces ---- */

const TONE: Record<ResultTone | 'danger', { bg: string; fg: string; mark: string }> = {
  success: { bg: 'green.50', fg: 'green.600', mark: '✓' },
  info: { bg: 'blue.50', fg: 'blue.600', mark: 'i' },
  warning: { bg: 'orange.50', fg: 'orange.700', mark: '!' },
  pending: { bg: 'gray.100', fg: 'gray.600', mark: '…' },
  danger: { bg: 'red.50', fg: 'red.600', mark: '×' },
};

function Mark({ tone }: { tone: ResultTone | 'danger' }) {
  const t = TONE[tone];
  return (
    <Circle size="64px" bg={t.bg} color={t.fg} fontSize="30px" fontWeight="bold" aria-hidden="true">
      {t.mark}
    </Circle>
  );
}

function Message({
  tone,
  title,
  body,
  children,
  role,
}: {
  tone: ResultTone | 'danger';
  title: string;
  body: ReactNode;
  children?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <Stack align="center" textAlign="center" gap="4" py={{ base: '6', md: '4' }} role={role}>
      <Mark tone={tone} />
      <Heading as="h1" fontSize={{ base: '20px', md: '22px' }} lineHeight="1.4">
        {title}
      </Heading>
      <Text color="gray.600" fontSize="15px" maxW="460px">
        {body}
      </Text>
      {children}
    </Stack>
  );
}

function Busy({ label, hint }: { label: string; hint?: string }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.500" borderWidth="3px" />
      <Text fontSize="17px" fontWeight="semibold" color="gray.700">
        {label}
      </Text>
      {hint && <Text textStyle="body.soft">{hint}</Text>}
    </Stack>
  );
}

function LinkButton({
  to,
  children,
  variant = 'outline',
}: {
  to: string;
  children: ReactNode;
  variant?: 'solid' | 'outline' | 'ghost';
}) {
  return (
    <Button asChild colorPalette="brand" variant={variant} borderRadius="full" minH="44px" px="6">
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}

function NavLinks({ links, primary }: { links: HandoffLinks; primary?: 'tasks' | 'records' }) {
  if (!links.tasks && !links.records) {
    return <LinkButton to="/">返回首页</LinkButton>;
  }
  return (
    <Flex gap="3" wrap="wrap" justify="center" mt="2">
      {links.records && (
        <LinkButton to={links.records} variant={primary === 'records' ? 'solid' : 'outline'}>
          查看任务记录
        </LinkButton>
      )}
      {links.tasks && (
        <LinkButton to={links.tasks} variant={primary === 'tasks' ? 'solid' : 'outline'}>
          做更多任务
        </LinkButton>
      )}
    </Flex>
  );
}

function TaskPoints({ task }: { task: TaskBrief }) {
  const consolation = [
    task.screenOutPoints > 0 ? `被甄别 ${task.screenOutPoints} 微豆` : null,
    task.quotaFullPoints > 0 ? `配额已满 ${task.quotaFullPoints} 微豆` : null,
  ].filter(Boolean);
  return (
    <Box w="full" bg="brand.50" borderRadius="xl" p="4" textAlign="left" data-testid="handoff-task">
      <Text fontWeight="semibold" color="gray.800" lineClamp={2}>
        {task.title}
      </Text>
      <Flex mt="2" align="baseline" gap="2" wrap="wrap">
        <Text textStyle="body.muted">完成可得</Text>
        <Text fontSize="24px" fontWeight="bold" color="brand.600" lineHeight="1.2">
          {task.points}
        </Text>
        <Text textStyle="body.muted">微豆 · 预计 {task.minutes} 分钟</Text>
      </Flex>
      <Text mt="1" textStyle="caption.soft">
        {consolation.length > 0 ? `未完成时的安慰奖励：${consolation.join('，')}` : '被甄别或名额已满时无安慰微豆'}
      </Text>
    </Box>
  );
}

function RidLine({ rid, copied, onCopy }: { rid: string; copied?: boolean; onCopy?: () => void }) {
  return (
    <Flex align="center" justify="center" gap="2" wrap="wrap" textStyle="caption.soft" data-testid="handoff-rid">
      {/* Ordinary text, as the member reads it to support: not a code font on a member's page. */}
      <Text>
        答卷编号{' '}
        <Text as="span" color="gray.700" wordBreak="break-all">
          {rid}
        </Text>
      </Text>
      {onCopy && (
        <Button size="xs" variant="outline" colorPalette="gray" borderRadius="full" onClick={onCopy}>
          {copied ? '已复制' : '复制'}
        </Button>
      )}
    </Flex>
  );
}

/** 结果不对？ — a feedback ticket when that page exists, else the id to quote to support. */
function Support({ props, question }: { props: HandoffViewProps; question: string }) {
  const { rid, links } = props;
  if (!rid) return null;
  return (
    <Box w="full" mt="2" pt="4" borderTopWidth="1px" borderColor="gray.100" textAlign="center">
      <Text textStyle="body.muted" mb="2">
        {question}
      </Text>
      <RidLine rid={rid} copied={props.ridCopied} onCopy={props.onCopyRid} />
      {links.feedback ? (
        <Box mt="3">
          <LinkButton to={links.feedback} variant="ghost">
            提交反馈
          </LinkButton>
        </Box>
      ) : (
        <Text mt="2" textStyle="caption.soft">
          联系客服时请提供上面的答卷编号，方便我们核实。
        </Text>
      )}
    </Box>
  );
}

/* ---- states ---- */

function LoginRequired(props: HandoffViewProps) {
  const body =
    props.mode === 'handoff'
      ? '登录后即可开始这个任务。'
      : props.mode === 'watch'
        ? '登录后即可继续观看并领取微豆。'
        : '登录开始这次答题的账号后，会自动回到这里确认结果，本次答题结果不会丢失。';
  return (
    <Message tone="info" title="请先登录" body={body}>
      <Button
        colorPalette="brand"
        borderRadius="full"
        minH="44px"
        px="10"
        onClick={props.onLogin}
        disabled={!props.canLogin}
      >
        去登录
      </Button>
    </Message>
  );
}

function Going(props: HandoffViewProps) {
  const d = props.destination;
  const kind = d?.kind ?? props.task?.kind ?? 'survey';
  const label = d?.alreadyJoined ? '你已参与过该任务，正在打开结果…' : KIND_GOING[kind]!;
  return (
    <Stack align="center" textAlign="center" gap="4" py={{ base: '6', md: '4' }} role="status" aria-live="polite">
      <Spinner size="lg" color="brand.500" borderWidth="3px" />
      <Heading as="h1" fontSize={{ base: '20px', md: '22px' }}>
        {label}
      </Heading>
      {d?.resumed && (
        <Badge colorPalette="brand" variant="subtle" borderRadius="full" px="3">
          继续上次未完成的答题
        </Badge>
      )}
      {props.task && <TaskPoints task={props.task} />}
      {d?.external && (
        <Text textStyle="caption.soft">即将跳转到合作方的问卷页面。请认真作答，完成后会自动回到微豆调研结算。</Text>
      )}
      {props.canRedirect && (
        <Button variant="ghost" colorPalette="brand" size="sm" onClick={props.onRedirect}>
          没有自动跳转？点此前往
        </Button>
      )}
    </Stack>
  );
}

function Refused(props: HandoffViewProps) {
  const r = props.refusal!;
  const basic = r.reason === 'basicSurvey' && props.links.basicSurvey;
  return (
    <Message tone="warning" title={REFUSAL_TEXT[r.reason].title} body={r.message} role="alert">
      {props.task && r.reason !== 'notFound' && <Text textStyle="body.soft">{props.task.title}</Text>}
      {basic && (
        <LinkButton to={props.links.basicSurvey!} variant="solid">
          去填写个人属性问卷
        </LinkButton>
      )}
      {r.reason === 'qualityLevel' && (
        <LinkButton to={QUALITY_LEVEL_PATH} variant="solid">
          查看质量等级
        </LinkButton>
      )}
      <NavLinks links={props.links} primary={basic || r.reason === 'qualityLevel' ? undefined : 'tasks'} />
    </Message>
  );
}

function Result(props: HandoffViewProps) {
  const o = props.outcome!;
  const copy = joinResultCopy(o.joinResult, o.points, o.pointsStatus, o.kind);
  const statusColor = o.pointsStatus === 'posted' ? 'green' : o.pointsStatus === 'reversed' ? 'red' : 'gray';
  return (
    <Stack align="center" textAlign="center" gap="4" py={{ base: '6', md: '4' }} data-join-result={o.joinResult}>
      <Mark tone={copy.tone} />
      <Heading as="h1" fontSize={{ base: '20px', md: '22px' }} lineHeight="1.4">
        {copy.title}
      </Heading>
      <Text textStyle="body.soft">{o.title}</Text>
      {o.joinResult !== 0 && (
        <Flex align="baseline" gap="2" data-testid="handoff-points">
          <Text fontSize="36px" fontWeight="bold" color={o.points > 0 ? 'brand.600' : 'gray.500'} lineHeight="1.1">
            {o.points > 0 ? `+${o.points}` : '0'}
          </Text>
          <Text color="gray.600">微豆</Text>
          <Badge colorPalette={statusColor} variant="subtle" borderRadius="full" px="2">
            {POINTS_STATUS_LABEL[o.pointsStatus]}
          </Badge>
        </Flex>
      )}
      <Text color="gray.600" fontSize="15px" maxW="460px">
        {copy.body}
      </Text>
      {o.audit?.state === AuditState.values.PENDING && (
        <Box w="full" layerStyle="note.warning" borderRadius="lg" p="3" fontSize="14px" textAlign="left">
          <Text fontWeight="semibold">待审核</Text>
          <Text mt="1" data-testid="handoff-audit">
            {auditSentence(o.audit)}复核通过后在「任务记录」中显示为有效。
          </Text>
        </Box>
      )}
      {o.lowQualityReasons.length > 0 && (
        <Box w="full" layerStyle="note.warning" borderRadius="lg" p="3" fontSize="14px" textAlign="left">
          <Text fontWeight="semibold">答卷质量提示</Text>
          <Text mt="1">
            这份答卷被判定为低质量：{lowQualityText(o.lowQualityReasons)}
            。奖励已按任务规则发放，多次低质量会影响你的答题质量等级。
          </Text>
        </Box>
      )}
      {o.joinResult === 0 && (
        <Flex gap="3" wrap="wrap" justify="center">
          {props.canRefresh && (
            <Button colorPalette="brand" borderRadius="full" minH="44px" px="6" onClick={props.onRefresh}>
              刷新结果
            </Button>
          )}
          {props.links.resume && <LinkButton to={props.links.resume}>{resumeLabel(o.kind)}</LinkButton>}
        </Flex>
      )}
      {props.links.trial && o.joinResult !== 0 && (
        <Stack gap="2" align="center" data-testid="handoff-trial">
          <Text color="gray.700" fontSize="15px">
            这是试用「{props.links.trial.title}」的甄别问卷，现在可以回去申请了。
          </Text>
          <LinkButton to={props.links.trial.path} variant="solid">
            回到试用申请
          </LinkButton>
        </Stack>
      )}
      <NavLinks links={props.links} primary={props.links.trial && o.joinResult !== 0 ? undefined : 'tasks'} />
      <Support props={props} question="结果和你的实际情况不一致？" />
    </Stack>
  );
}

function Rejected(props: HandoffViewProps) {
  const r = props.rejection!;
  return (
    <Message tone="danger" title={REJECTION_TEXT[r.reason].title} body={r.message} role="alert">
      <NavLinks links={props.links} primary="records" />
      <Support props={props} question="确实完成了问卷却看到这个页面？" />
    </Message>
  );
}

function Failed(props: HandoffViewProps) {
  const settling = props.mode === 'return';
  return (
    <Message
      tone="danger"
      title={settling ? '结果暂未确认' : '加载失败'}
      body={
        <>
          {props.error}
          {settling && (
            <Text as="span" display="block" mt="2" textStyle="body.soft">
              你的答题结果不会丢失，重试也不会重复发放微豆。
            </Text>
          )}
        </>
      }
      role="alert"
    >
      {props.canRetry && (
        <Button colorPalette="brand" borderRadius="full" minH="44px" px="10" onClick={props.onRetry}>
          重试
        </Button>
      )}
    </Message>
  );
}

function Watch(props: HandoffViewProps) {
  const t = props.target!;
  const { status, remaining } = props;
  return (
    <Stack gap="4" py={{ base: '2', md: '0' }}>
      <Heading as="h1" fontSize={{ base: '18px', md: '20px' }}>
        {props.embeddable ? '看完下面的内容即可领取微豆' : '打开页面浏览，停留满时间后领取微豆'}
      </Heading>
      {props.embeddable ? (
        <Box
          as="iframe"
          {...{ src: t.url, title: '任务内容', loading: 'eager', referrerPolicy: 'no-referrer' }}
          w="full"
          h={{ base: '360px', md: '420px' }}
          borderWidth="1px"
          borderColor="gray.200"
          borderRadius="xl"
          bg="gray.50"
          data-testid="watch-frame"
        />
      ) : null}
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Button asChild variant="outline" colorPalette="gray" size="sm" borderRadius="full">
          <a href={t.url} target="_blank" rel="noopener noreferrer">
            在新窗口打开
          </a>
        </Button>
        <Text textStyle="body.muted">
          完成可得 <b>{t.points}</b> 微豆
        </Text>
      </Flex>
      <Box bg="brand.50" borderRadius="xl" p="4" textAlign="center" role="status" aria-live="polite">
        {status === 'watching' ? (
          <Text fontSize="16px" color="gray.700" data-testid="watch-remaining">
            还需停留 <b>{remaining}</b> 秒
          </Text>
        ) : (
          <Text fontSize="16px" color="gray.700">
            已停留满 {t.seconds} 秒，可以领取了
          </Text>
        )}
        {props.notice && (
          <Text mt="2" fontSize="14px" color="orange.700">
            {props.notice}
          </Text>
        )}
        <Button
          mt="3"
          colorPalette="brand"
          borderRadius="full"
          minH="44px"
          px="10"
          disabled={!props.canClaim}
          loading={status === 'claiming'}
          loadingText="领取中…"
          onClick={props.onClaim}
        >
          领取微豆
        </Button>
      </Box>
    </Stack>
  );
}
