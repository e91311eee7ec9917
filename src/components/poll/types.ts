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
