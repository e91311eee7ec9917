/** The words of the verification-code e-mail (zh-CN), as plain text and simple HTML. */

const PURPOSE_LABELS: Record<string, string> = {
  email_bind: '绑定邮箱',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function codeEmail(input: { code: string; purpose: string; ttlMinutes: number }): {
  subject: string;
  text: string;
  html: string;
} {
  const doing = PURPOSE_LABELS[input.purpose] ?? '验证邮箱';
  const subject = `微豆调研邮箱验证码`;
  const text = [
    '您好：',
    '',
    `您正在微豆调研${doing}，验证码是：${input.code}`,
    '',
    `验证码 ${input.ttlMinutes} 分钟内有效，请勿泄露给他人。`,
    '如非本人操作请忽略本邮件。',
    '',
    '微豆调研',
    '（本邮件由系统自动发送，请勿直接回复）',
  ].join('\n');
  const code = escapeHtml(input.code);
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2329">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 12px">您好：</p>
<p style="margin:0 0 12px">您正在微豆调研${escapeHtml(doing)}，验证码是：</p>
<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p style="margin:0 0 8px">验证码 ${input.ttlMinutes} 分钟内有效，请勿泄露给他人。</p>
<p style="margin:0 0 16px;color:#8f959e">如非本人操作请忽略本邮件。</p>
<p style="margin:0;color:#8f959e;font-size:12px">微豆调研（本邮件由系统自动发送，请勿直接回复）</p>
</div>
</body></html>`;
  return { subject, text, html };
}
