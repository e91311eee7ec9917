/**
 * Campus referral-officer recruitment (校园推广官, `/activities/recruit`): the application form's
 * limits and checks, read by the contract, the server, the form's machine and the page. The
 * mobile is checked here as plain text; it travels RSA-encrypted and the server checks it again
 * after decrypting.
 */
import { isMobile, mobileMessage } from './mobile';

/** The grades an applicant may choose (in-school students only). */
export const RECRUIT_GRADES = ['大一', '大二', '大三', '大四', '大五', '研一', '研二', '研三', '博士在读'] as const;
export type RecruitGrade = (typeof RECRUIT_GRADES)[number];

/** Characters of the school's name. */
export const RECRUIT_SCHOOL = { min: 2, max: 40 } as const;
/** Characters of "why I want to be an officer". */
export const RECRUIT_MOTIVATION = { min: 20, max: 500 } as const;
/** Characters of an operator's review message to the applicant. */
export const RECRUIT_REVIEW_MESSAGE = { max: 200 } as const;

/** An application's review state. */
export const RECRUIT_STATES = ['pending', 'approved', 'rejected'] as const;
export type RecruitState = (typeof RECRUIT_STATES)[number];
export const RECRUIT_STATE_LABELS: Record<RecruitState, string> = {
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
};

export interface RecruitForm {
  school: string;
  grade: string;
  /** Plain text as typed (the form encrypts it before sending). */
  mobile: string;
  motivation: string;
}

export type RecruitField = keyof RecruitForm;

/** Characters as a member counts them (a Han character is one). */
const length = (text: string) => [...text.trim()].length;

/** What is wrong with each field of the form, in zh-CN; an empty object when it may be sent. */
export function recruitFormProblems(form: RecruitForm): Partial<Record<RecruitField, string>> {
  const problems: Partial<Record<RecruitField, string>> = {};
  const school = length(form.school);
  if (school === 0) problems.school = '请填写学校名称';
  else if (school < RECRUIT_SCHOOL.min || school > RECRUIT_SCHOOL.max)
    problems.school = `学校名称应为 ${RECRUIT_SCHOOL.min}–${RECRUIT_SCHOOL.max} 个字`;
  if (!(RECRUIT_GRADES as readonly string[]).includes(form.grade)) problems.grade = '请选择年级';
  const mobile = form.mobile.trim();
  if (!mobile) problems.mobile = '请填写联系手机号';
  else if (!isMobile(mobile)) problems.mobile = mobileMessage(mobile);
  const motivation = length(form.motivation);
  if (motivation === 0) problems.motivation = '请填写申请理由';
  else if (motivation < RECRUIT_MOTIVATION.min)
    problems.motivation = `请至少写 ${RECRUIT_MOTIVATION.min} 个字，说说你为什么想成为推广官（已写 ${motivation} 个字）`;
  else if (motivation > RECRUIT_MOTIVATION.max) problems.motivation = `申请理由最多 ${RECRUIT_MOTIVATION.max} 个字`;
  return problems;
}
