/** 微豆 as staff read them: `6,000 微豆`, and signed for a change, `+6,000 微豆` / `−200 微豆`. */
export const beans = (n: number) => `${n.toLocaleString('zh-CN')} 微豆`;

export const signedBeans = (n: number) => `${n < 0 ? '−' : '+'}${beans(Math.abs(n))}`;
