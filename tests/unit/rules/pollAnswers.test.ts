import { describe, expect, it } from 'vitest';
import { choiceProblem, matrixProblem, textLength, TEXT_MAX_LENGTH } from '../../../openapi/rules/pollAnswers';
import { PollAnswer } from '../../../openapi/schemas/polls';

const options = [
  { id: 1, text: '地铁', exclusive: false },
  { id: 2, text: '公交', exclusive: false },
  { id: 3, text: '骑车', exclusive: false },
  { id: 9, text: '以上都没有', exclusive: true },
];
const single = { kind: 'single' as const, options, maxChoices: null };
const multiple = { kind: 'multiple' as const, options, maxChoices: 2 };

describe('choice answers', () => {
  it('a single choice picks exactly one option of the question', () => {
    expect(choiceProblem(single, [2])).toBeNull();
    expect(choiceProblem(single, [1, 2])).toEqual({ kind: 'notOne' });
    expect(choiceProblem(single, [])).toEqual({ kind: 'notOne' });
    expect(choiceProblem(single, [7])).toEqual({ kind: 'foreign' });
    expect(choiceProblem(single, [2, 2])).toEqual({ kind: 'repeated' });
  });

  it('a multiple choice stays within maxChoices and keeps an exclusive option alone', () => {
    expect(choiceProblem(multiple, [1, 2])).toBeNull();
    expect(choiceProblem(multiple, [9])).toBeNull();
    expect(choiceProblem(multiple, [1, 2, 3])).toEqual({ kind: 'tooMany', max: 2 });
    expect(choiceProblem(multiple, [1, 9])).toEqual({ kind: 'exclusive', option: options[3] });
    expect(choiceProblem({ ...multiple, maxChoices: null }, [1, 2, 3])).toBeNull();
  });

  it('reports the first problem: repeated, then foreign, then count, then exclusive', () => {
    expect(choiceProblem(multiple, [7, 7])).toEqual({ kind: 'repeated' });
    expect(choiceProblem(multiple, [1, 2, 3, 7])).toEqual({ kind: 'foreign' });
    expect(choiceProblem(multiple, [1, 2, 9])).toEqual({ kind: 'tooMany', max: 2 });
  });
});

describe('matrix answers', () => {
  const matrix = {
    options: [
      { id: 1, text: '满意' },
      { id: 2, text: '不满意' },
    ],
    rows: [
      { id: 10, text: '价格' },
      { id: 11, text: '服务' },
    ],
  };

  it('answers every row once with a known column', () => {
    const both = [
      { rowId: 10, optionId: 1 },
      { rowId: 11, optionId: 2 },
    ];
    expect(matrixProblem(matrix, both)).toBeNull();
    expect(matrixProblem(matrix, [{ rowId: 10, optionId: 1 }])).toEqual({
      kind: 'missingRows',
      rows: [matrix.rows[1]],
    });
    expect(matrixProblem(matrix, [...both, { rowId: 12, optionId: 1 }])).toEqual({ kind: 'foreignRow' });
    expect(matrixProblem(matrix, [{ rowId: 10, optionId: 3 }])).toEqual({ kind: 'foreignOption' });
    expect(matrixProblem(matrix, [...both, { rowId: 10, optionId: 2 }])).toEqual({ kind: 'repeatedRow' });
  });
});

describe('open answers', () => {
  it('count trimmed code points (一个汉字算一个字)', () => {
    expect(textLength('  你好世界 ')).toBe(4);
    expect(textLength('😀😀')).toBe(2);
    expect(textLength('   ')).toBe(0);
  });

  it('the contract takes at most TEXT_MAX_LENGTH characters', () => {
    const answer = (text: string) => PollAnswer.safeParse({ questionId: 1, text }).success;
    expect(answer('好'.repeat(TEXT_MAX_LENGTH))).toBe(true);
    expect(answer('好'.repeat(TEXT_MAX_LENGTH + 1))).toBe(false);
  });
});
