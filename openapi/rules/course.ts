/**
 * The newcomer course and its answer sheet (quiz): the fixed rules both sides state. The pass mark
 * and the reward are operator settings (`npm run ops -- quiz settings`, kept in the database;
 * defaults below); the rest is fixed here.
 */

/** Questions drawn for one attempt. */
export const QUIZ_SIZE = 10;
/** Attempts a member may start per Beijing calendar day (an unfinished attempt is resumed, not restarted). */
export const QUIZ_ATTEMPTS_PER_DAY = 3;
/** Default pass mark (correct answers out of QUIZ_SIZE) until an operator sets another. */
export const QUIZ_DEFAULT_PASS_MARK = 8;
/** Default newcomer reward in weidou, paid once per member, until an operator sets another. */
export const QUIZ_DEFAULT_REWARD = 200;
/** Options of one question. */
export const QUIZ_OPTIONS_MIN = 2;
export const QUIZ_OPTIONS_MAX = 6;
export const COURSE_TITLE_MAX = 40;
export const QUIZ_STEM_MAX = 200;
export const QUIZ_OPTION_MAX = 80;
