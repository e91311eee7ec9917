import type { Answer, Answers, FormQuestion, QuestionErrors } from '../../../machines/pollRules';

/** What the task poll page shows about the questionnaire (from GET /v1/polls/{id}). */
export interface PollInfo {
  title: string;
  intro: string;
  points: number;
  taskHashId: string | null;
}

/** The settlement of a submitted questionnaire (the contract's TaskOutcome). */
export interface PollOutcome {
  respondentId: string;
  taskHashId: string;
  title: string;
  joinResult: number;
  points: number;
  pointsStatus: 'none' | 'posted' | 'reversed';
  lowQualityReasons: number[];
}

/** What the personal questionnaire shows about itself (GET /v1/users/survey/basic). */
export interface BasicSurveyInfo {
  /** Done before: the answers are prefilled and may be updated. */
  completed: boolean;
  /** Weidou for the first completion (0 once paid). */
  rewardPoints: number;
}

/** What POST /v1/users/survey/basic answered. */
export interface BasicSurveyOutcome {
  completed: boolean;
  pointsAwarded: number;
}

/** The questionnaire part of every answering view, as the pollAnswer machine's view gives it. */
export interface PollAnswerFormProps {
  questions: FormQuestion[];
  answers: Answers;
  errors: QuestionErrors;
  focusRequest: number;
  progress: { answered: number; total: number; requiredLeft: number };
  /** The server refused the answers (`invalid`). */
  serverMessage?: string | null;
  loadError?: string | null;
  submitError?: string | null;
  onAnswer?: (questionId: number, answer: Answer) => void;
  onSubmit?: () => void;
  onRetry?: () => void;
}
