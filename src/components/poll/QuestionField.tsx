import { Box, Flex, Grid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import {
  chooseInRow,
  EMPTY_ANSWER,
  missingRows,
  toggleChoice,
  type Answer,
  type FormQuestion,
} from '../../../machines/pollRules';
import { textLength, TEXT_MAX_LENGTH } from '../../../openapi/rules/pollAnswers';
import { WhiteCard } from '../WhiteCard';
import { Choice, Fieldset, Legend, LineInput, MatrixRadio, QuestionError, Select, TextArea } from './controls';
import { RegionPicker, type RegionLoader } from './RegionPicker';

export interface QuestionFieldProps {
  question: FormQuestion;
  /** 1-based position shown before the title. */
  number: number;
  answer: Answer | undefined;
  error?: string | null;
  /** Answers cannot change (submitting). */
  disabled?: boolean;
  onChange: (answer: Answer) => void;
  /** Where a region question reads its places (/v1/jd/cities). */
  loadRegions?: RegionLoader | undefined;
}

/** What kind of question it is and its limits, in zh-CN. */
export function kindHint(q: FormQuestion): string {
  switch (q.kind) {
    case 'single':
      return q.input === 'select' ? '单选，请在下拉列表中选择' : '单选';
    case 'multiple':
      return q.maxChoices !== null ? `多选，最多选 ${q.maxChoices} 项` : '多选';
    case 'text':
      if (q.input === 'date') return '日期（年-月-日）';
      if (q.input === 'region') return '请选择省份和城市，区县可不选';
      return q.minLength > 0 ? `填空，至少 ${q.minLength} 个字` : '填空';
    case 'matrix':
      return '矩阵单选，每行选一项';
  }
}

/**
 * One question of a questionnaire: a fieldset whose legend is the title (with 必答 and the kind
 * hint), the answer control of its kind, and the zh-CN message of its error. `data-question-id`
 * lets the form focus the first invalid question.
 */
export function QuestionField({
  question,
  number,
  answer,
  error,
  disabled,
  onChange,
  loadRegions,
}: QuestionFieldProps) {
  const base = useId();
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const current = answer ?? EMPTY_ANSWER;
  const kind: KindProps = { question, answer: current, disabled, onChange };
  const described: Described = { describedBy, invalid: Boolean(error) };
  return (
    <WhiteCard
      borderWidth="1px"
      borderColor={error ? 'red.300' : 'transparent'}
      px={{ base: '4', md: '6' }}
      py={{ base: '4', md: '5' }}
      data-question-id={question.id}
      data-invalid={error ? '' : undefined}
      scrollMarginTop="80px"
      scrollMarginBottom="96px"
    >
      <Fieldset aria-invalid={error ? true : undefined} aria-describedby={describedBy} disabled={disabled}>
        <Legend>
          <Text as="span" color="brand.600" mr="1.5">
            {number}.
          </Text>
          {question.title}
          {question.required ? (
            <>
              <Text as="span" color="red.500" ml="1" aria-hidden="true">
                *
              </Text>
              <VisuallyHidden>（必答）</VisuallyHidden>
            </>
          ) : (
            <Text as="span" ml="1.5" fontSize="13px" fontWeight="normal" color="gray.500">
              （选答）
            </Text>
          )}
        </Legend>
        <Box clear="both" pt="1">
          <Text id={hintId} fontSize="13px" color="gray.500" mb="3">
            {kindHint(question)}
          </Text>
          {question.kind === 'single' && question.input === 'select' && <SelectChoice {...kind} {...described} />}
          {question.kind === 'single' && question.input !== 'select' && <SingleChoice {...kind} />}
          {question.kind === 'multiple' && <MultipleChoice {...kind} />}
          {question.kind === 'text' && question.input === 'date' && (
            <LineInput
              type="date"
              value={current.text}
              min="1900-01-01"
              max={new Date().toISOString().slice(0, 10)}
              onChange={(e) => onChange({ ...current, text: e.target.value })}
              disabled={disabled}
              {...controlAria(question, described)}
            />
          )}
          {question.kind === 'text' && question.input === 'region' && loadRegions && (
            <RegionPicker
              value={current.text}
              onChange={(code) => onChange({ ...current, text: code })}
              load={loadRegions}
              disabled={disabled}
              {...described}
              label={question.title}
            />
          )}
          {question.kind === 'text' && (question.input === undefined || question.input === 'choice') && (
            <OpenText {...kind} {...described} />
          )}
          {question.kind === 'matrix' && <MatrixChoice {...kind} showMissing={Boolean(error)} />}
          {error && <QuestionError id={errorId}>{error}</QuestionError>}
        </Box>
      </Fieldset>
    </WhiteCard>
  );
}

interface KindProps {
  question: FormQuestion;
  answer: Answer;
  disabled?: boolean | undefined;
  onChange: (answer: Answer) => void;
}

/** How the one control of a question (date, drop-down, text) is named and described. */
interface Described {
  describedBy: string;
  invalid: boolean;
}

/** The control's accessible name (the title), its hint and error, and whether it is required or wrong. */
function controlAria(question: FormQuestion, { describedBy, invalid }: Described) {
  return {
    'aria-label': question.title,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'aria-required': question.required,
  };
}

const optionGrid = { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' };

export function SingleChoice({ question, answer, disabled, onChange }: KindProps) {
  const name = `q${question.id}`;
  return (
    <Grid templateColumns={optionGrid} gap="2.5">
      {question.options.map((o) => (
        <Choice
          key={o.id}
          type="radio"
          name={name}
          checked={answer.optionIds[0] === o.id}
          disabled={disabled}
          onChange={() => onChange({ ...answer, optionIds: [o.id] })}
        >
          {o.text}
        </Choice>
      ))}
    </Grid>
  );
}

export function SelectChoice({ question, answer, disabled, onChange, ...described }: KindProps & Described) {
  return (
    <Box maxW={{ md: '360px' }}>
      <Select
        value={answer.optionIds[0] === undefined ? '' : String(answer.optionIds[0])}
        onChange={(e) => onChange({ ...answer, optionIds: e.target.value ? [Number(e.target.value)] : [] })}
        disabled={disabled}
        {...controlAria(question, described)}
        aria-invalid={described.invalid || undefined}
      >
        <option value="">请选择</option>
        {question.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.text}
          </option>
        ))}
      </Select>
    </Box>
  );
}

export function MultipleChoice({ question, answer, disabled, onChange }: KindProps) {
  const name = `q${question.id}`;
  const chosen = answer.optionIds;
  const regular = chosen.filter((id) => !question.options.find((o) => o.id === id)?.exclusive).length;
  const full = question.maxChoices !== null && regular >= question.maxChoices;
  return (
    <Stack gap="2">
      <Grid templateColumns={optionGrid} gap="2.5">
        {question.options.map((o) => {
          const checked = chosen.includes(o.id);
          return (
            <Choice
              key={o.id}
              type="checkbox"
              name={name}
              checked={checked}
              disabled={disabled || (full && !checked && !o.exclusive)}
              onChange={() => onChange({ ...answer, optionIds: toggleChoice(question, chosen, o.id) })}
              note={
                o.exclusive ? (
                  <Text as="span" fontSize="12px" color="gray.500" flexShrink={0}>
                    （与其他选项互斥）
                  </Text>
                ) : undefined
              }
            >
              {o.text}
            </Choice>
          );
        })}
      </Grid>
      {question.maxChoices !== null && (
        <Text fontSize="12px" color={full ? 'brand.700' : 'gray.500'} aria-live="polite">
          已选 {regular} / {question.maxChoices} 项{full ? '，如需更换请先取消一项' : ''}
        </Text>
      )}
    </Stack>
  );
}

export function OpenText({ question, answer, disabled, onChange, ...described }: KindProps & Described) {
  const length = textLength(answer.text);
  const max = question.maxLength ?? TEXT_MAX_LENGTH;
  const enough = length >= question.minLength;
  return (
    <Box>
      <TextArea
        value={answer.text}
        onChange={(e) => onChange({ ...answer, text: e.target.value })}
        disabled={disabled}
        maxLength={max}
        rows={4}
        placeholder={question.minLength > 0 ? `请输入你的想法（至少 ${question.minLength} 个字）` : '请输入你的想法'}
        {...controlAria(question, described)}
      />
      <Flex mt="1.5" justify="space-between" fontSize="12px" color="gray.500" gap="3">
        <Text as="span" color={question.minLength > 0 && length > 0 && !enough ? 'orange.700' : 'gray.500'}>
          {question.minLength > 0 ? (enough ? '字数已满足' : `还需 ${question.minLength - length} 个字`) : '\u00a0'}
        </Text>
        <Text as="span" data-testid="text-count">
          已输入 {length} / {max} 字
        </Text>
      </Flex>
    </Box>
  );
}

/**
 * Matrix (one choice per row). Phones: each row is its own group, options stacked under it.
 * From `md`: a table-like grid with the options as column headers; the same radios, their
 * texts visually hidden (each row stays a radio group named by its row text).
 */
export function MatrixChoice({
  question,
  answer,
  disabled,
  onChange,
  showMissing,
}: KindProps & { showMissing: boolean }) {
  const base = useId();
  const columns = `minmax(140px, 1.6fr) repeat(${question.options.length}, minmax(64px, 1fr))`;
  const missing = new Set(showMissing ? missingRows(question, answer) : []);
  const chosenOf = (rowId: number) => answer.matrix.find((m) => m.rowId === rowId)?.optionId;
  return (
    <Box overflowX={{ md: 'auto' }}>
      <Grid
        display={{ base: 'none', md: 'grid' }}
        templateColumns={columns}
        aria-hidden="true"
        px="3"
        py="2"
        bg="gray.50"
        borderTopRadius="lg"
        fontSize="13px"
        color="gray.600"
      >
        <Box />
        {question.options.map((o) => (
          <Text key={o.id} textAlign="center" px="1">
            {o.text}
          </Text>
        ))}
      </Grid>
      <Stack gap={{ base: '3', md: '0' }}>
        {question.rows.map((row, i) => {
          const labelId = `${base}-row-${row.id}`;
          const chosen = chosenOf(row.id);
          const isMissing = missing.has(row.id);
          return (
            <Box
              key={row.id}
              role="radiogroup"
              aria-labelledby={labelId}
              aria-invalid={isMissing || undefined}
              display={{ base: 'block', md: 'grid' }}
              gridTemplateColumns={{ md: columns }}
              alignItems="center"
              px={{ base: '3', md: '3' }}
              py={{ base: '3', md: '2' }}
              borderWidth={{ base: '1px', md: '0' }}
              borderBottomWidth="1px"
              borderColor={isMissing ? 'red.300' : 'gray.100'}
              borderRadius={{ base: 'lg', md: '0' }}
              bg={isMissing ? 'red.50' : i % 2 === 1 ? { base: 'white', md: 'gray.50/50' } : 'white'}
              data-row-id={row.id}
            >
              <Text id={labelId} fontSize="15px" color="gray.800" mb={{ base: '2', md: '0' }} pr="2">
                {row.text}
                {isMissing && (
                  <Text as="span" ml="1.5" fontSize="12px" color="red.600">
                    未选
                  </Text>
                )}
              </Text>
              {question.options.map((o) => {
                const checked = chosen === o.id;
                return (
                  <Box
                    as="label"
                    key={o.id}
                    display="flex"
                    alignItems="center"
                    justifyContent={{ base: 'flex-start', md: 'center' }}
                    gap="3"
                    minH={{ base: '44px', md: '40px' }}
                    px={{ base: '2', md: '0' }}
                    borderRadius="md"
                    cursor={disabled ? 'not-allowed' : 'pointer'}
                    bg={{ base: checked ? 'brand.50' : 'transparent', md: 'transparent' }}
                    color={checked ? 'brand.800' : 'gray.700'}
                    _hover={{ bg: { base: 'gray.50', md: 'brand.50' } }}
                    _focusWithin={{ outline: '2px solid {colors.brand.500}', outlineOffset: '-2px' }}
                    fontSize="15px"
                  >
                    <MatrixRadio
                      type="radio"
                      name={`q${question.id}-r${row.id}`}
                      checked={checked}
                      disabled={disabled}
                      onChange={() =>
                        onChange({ ...answer, matrix: chooseInRow(question, answer.matrix, row.id, o.id) })
                      }
                    />
                    <Text as="span" display={{ base: 'inline', md: 'none' }}>
                      {o.text}
                    </Text>
                    <VisuallyHidden display={{ base: 'none', md: 'inline' }}>{o.text}</VisuallyHidden>
                  </Box>
                );
              })}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
