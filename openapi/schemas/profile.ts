/**
 * Personal attributes (个人属性) and the questionnaire that fills them, used to match tasks.
 */
import { z } from 'zod';
import { Education, Gender, IncomeRange, MaritalStatus, Occupation } from '../enums';
import { Day, Id, Points, QueryId, Timestamp } from './common';
import { ChoiceOption } from './polls';
import { enumSchema } from './enum';

const PropertyFields = {
  gender: enumSchema(Gender).nullable().meta({ description: '性别：1 男；2 女；未填为 null' }),
  birthday: Day.nullable().meta({ description: '出生日期；未填为 null' }),
  provinceId: Id.nullable().meta({ description: '常住省份（GB/T 2260 行政区划代码，同 /v1/jd/cities）' }),
  cityId: Id.nullable().meta({ description: '常住城市（GB/T 2260 代码）' }),
  countyId: Id.nullable().meta({ description: '常住区县（GB/T 2260 代码），可为 null' }),
  education: enumSchema(Education)
    .nullable()
    .meta({ description: '学历：1 初中及以下；2 高中/中专；3 大专；4 本科；5 硕士；6 博士' }),
  occupation: enumSchema(Occupation).nullable().meta({
    description:
      '职业：1 学生；2 企业职员；3 公务员/事业单位；4 个体经营；5 自由职业；6 工人；7 农民；8 退休；9 待业；10 其他',
  }),
  income: enumSchema(IncomeRange).nullable().meta({ description: '个人月收入区间' }),
  marital: enumSchema(MaritalStatus).nullable().meta({ description: '婚姻状况：1 未婚；2 已婚；3 离异；4 丧偶' }),
};

export const Property = z
  .object({
    ...PropertyFields,
    regionName: z.string().nullable().meta({ description: '常住地区名称，如“广东 深圳 南山区”' }),
    complete: z.boolean().meta({ description: '必填属性是否都已填写' }),
    updatedAt: Timestamp.nullable().meta({ description: '最近修改时间；从未填写为 null' }),
  })
  .meta({ id: 'Property', description: '个人属性（用于匹配任务）' });

export const PropertyBody = z
  .object(PropertyFields)
  .partial()
  .meta({ id: 'PropertyBody', description: '修改个人属性：只提交要改的字段；性别与出生日期填写后不可修改' });

export const SurveyCheckQuery = z.object({
  taskId: QueryId.optional().meta({ description: '可选：要参加的任务 id；给出时返回该任务是否要求先完成个人问卷' }),
});

export const SurveyCheck = z
  .object({
    completed: z.boolean().meta({ description: '个人属性问卷是否已完成' }),
    answered: z.int().nonnegative().meta({ description: '已回答题数' }),
    total: z.int().nonnegative().meta({ description: '总题数' }),
    required: z.boolean().meta({ description: '参加所给任务前是否必须先完成问卷（未给 taskId 时表示一般情况）' }),
    rewardPoints: Points.meta({ description: '完成问卷可得的微豆（已领取则为 0）' }),
  })
  .meta({ id: 'SurveyCheck', description: '个人属性问卷完成情况' });

export const SurveyQuestion = z
  .object({
    id: Id.meta({ description: '题目 id' }),
    title: z.string().meta({ description: '题干' }),
    kind: z.enum(['single', 'multiple', 'text']).meta({ description: 'single 单选；multiple 多选；text 填空' }),
    input: z.enum(['choice', 'select', 'date', 'region']).meta({
      description:
        '作答控件：choice 平铺的单选/多选项；select 下拉选择（选项较多的单选，如出生年份）；date 日期（填空，YYYY-MM-DD）；region 地区（填空，填 /v1/jd/cities 的市或区县代码，如 440305）',
    }),
    placeholder: z.string().nullable().meta({ description: '填空题的输入提示；其他为 null' }),
    required: z.boolean().meta({ description: '是否必答' }),
    maxChoices: z.int().positive().nullable().meta({ description: '多选最多可选几项；不限或非多选为 null' }),
    options: z.array(ChoiceOption).meta({ description: '选项；填空题为空数组' }),
    answer: z
      .object({
        optionIds: z.array(Id).meta({ description: '已选的选项 id' }),
        text: z.string().nullable().meta({ description: '填空内容' }),
      })
      .nullable()
      .meta({ description: '会员已有的回答；未答为 null' }),
  })
  .meta({ id: 'SurveyQuestion', description: '个人属性问卷的一道题' });

export const BasicSurvey = z
  .object({
    completed: z.boolean().meta({ description: '是否已完成' }),
    rewardPoints: Points.meta({ description: '完成可得的微豆（已领取则为 0）' }),
    questions: z.array(SurveyQuestion).meta({ description: '题目，按顺序' }),
  })
  .meta({ id: 'BasicSurvey', description: '个人属性问卷' });

export const BasicSurveyBody = z
  .object({
    answers: z
      .array(
        z.object({
          questionId: Id.meta({ description: '题目 id' }),
          optionIds: z.array(Id).max(50).meta({ description: '选中的选项 id；填空题为空数组' }),
          text: z.string().max(500).optional().meta({ description: '填空内容' }),
        }),
      )
      .min(1)
      .max(200)
      .meta({ description: '回答（可只提交部分题目，已有回答被覆盖）' }),
  })
  .meta({ id: 'BasicSurveyBody', description: '提交个人属性问卷' });

export const BasicSurveyResult = z
  .object({
    completed: z.boolean().meta({ description: '提交后问卷是否已全部完成' }),
    pointsAwarded: Points.meta({ description: '本次获得的微豆（首次完成时发放一次，否则为 0）' }),
  })
  .meta({ id: 'BasicSurveyResult', description: '个人属性问卷提交结果' });

/** `data` of PROPERTY_INVALID / PROPERTY_LOCKED on a property save. */
export const PropertyProblem = z
  .object({
    field: z.string().meta({ description: '出问题的属性，如 birthday、gender、provinceId、cityId、countyId' }),
  })
  .meta({ id: 'PropertyProblem', description: '出问题的个人属性' });
