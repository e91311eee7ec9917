import { describe, expect, it } from 'vitest';
import { articleText, scoreArticle, searchTerms, WEIGHT } from '../../server/modules/help/search';

describe('help search terms (server/modules/help/search.ts)', () => {
  it('cuts Chinese into bigrams, keeps other runs whole, drops spaces and Chinese punctuation', () => {
    expect(searchTerms('微豆多久到账')).toEqual(['微豆', '豆多', '多久', '久到', '到账']);
    expect(searchTerms('提现')).toEqual(['提现']);
    expect(searchTerms('  码 ')).toEqual(['码']);
    expect(searchTerms('MIN_SECONDS 加成 10%')).toEqual(['min_seconds', '加成', '10%']);
    expect(searchTerms('收不到？验证码。')).toEqual(['收不', '不到', '验证', '证码']);
    expect(searchTerms('%微豆%')).toEqual(['%', '微豆']);
    expect(searchTerms('')).toEqual([]);
  });

  it('scores by where each term is; fewer than half of the terms is no match', () => {
    const terms = searchTerms('微豆多久到账');
    const article = { title: '完成问卷后，微豆多久到账？', text: '' };
    expect(scoreArticle(terms, article)).toBe(5 * WEIGHT.title);
    expect(scoreArticle(terms, { title: '兑换后多久到账？', text: '微豆已扣除' })).toBe(3 * WEIGHT.title + WEIGHT.text);
    expect(scoreArticle(terms, { title: '每日签到', text: '得微豆' })).toBeNull();
    expect(scoreArticle(['提现'], { title: '兑换现金', text: '提现到支付宝' })).toBe(WEIGHT.text);
  });

  it('reads stored HTML as text', () => {
    expect(articleText('<p>5 &amp; <strong>甄别</strong> &lt;b&gt;</p>')).toBe('5 & 甄别 <b>');
  });
});
