import { create } from 'qrcode';

/**
 * The share poster, drawn in the browser on a canvas: the invite banner art of public/promo, the
 * member's invite code and a QR code of their invite link (the `qrcode` package's module matrix,
 * drawn as squares), saved as a PNG.
 */

export interface PosterContent {
  inviteCode: string;
  inviteUrl: string;
  nickname: string | null;
  /** The new member's weidou for registering through the link (0: none). */
  inviteeReward: number;
}

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
/** The product art at the top (same origin, so the canvas stays exportable). */
export const POSTER_ART = '/promo/banner-invite-m.svg';

const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Serif CJK SC", sans-serif';
const BRAND = '#0f766e';
const INK = '#1f2329';
const MUTED = '#646a73';

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** The QR code of `value` as dark squares in a `size` box at (x, y), with a white quiet zone. */
function drawQr(ctx: CanvasRenderingContext2D, value: string, x: number, y: number, size: number) {
  const qr = create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = Math.floor(size / (n + 4));
  const offset = Math.floor((size - cell * n) / 2);
  ctx.fillStyle = '#fff';
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = INK;
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++)
      if (qr.modules.get(row, col)) ctx.fillRect(x + offset + col * cell, y + offset + row * cell, cell, cell);
}

/** Draw the poster on `canvas` (resized to the poster). */
export async function drawPoster(canvas: HTMLCanvasElement, c: PosterContent): Promise<void> {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('当前浏览器无法生成海报');
  const W = POSTER_WIDTH;

  // Background and the product art (or its colours when the art cannot load).
  const bg = ctx.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  bg.addColorStop(0, '#ecfdf5');
  bg.addColorStop(1, '#ffffff');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, POSTER_HEIGHT);
  const art = await loadImage(POSTER_ART);
  if (art) ctx.drawImage(art, 0, 0, W, 320);
  else {
    const g = ctx.createLinearGradient(0, 0, W, 320);
    g.addColorStop(0, '#14b8a6');
    g.addColorStop(1, BRAND);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, 320);
  }

  // The card.
  ctx.shadowColor = 'rgba(15, 118, 110, 0.18)';
  ctx.shadowBlur = 30;
  ctx.fillStyle = '#fff';
  // Over the art's 去邀请 pill (a button on a picture would mislead).
  roundRect(ctx, 40, 216, W - 80, 914, 32);
  ctx.fill();
  ctx.shadowBlur = 0;

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = MUTED;
  ctx.font = `28px ${FONT}`;
  const who = c.nickname ? `${c.nickname.slice(0, 12)} 邀请你加入` : '好友邀请你加入';
  ctx.fillText(who, W / 2, 320);
  ctx.fillStyle = INK;
  ctx.font = `bold 52px ${FONT}`;
  ctx.fillText('微豆调研', W / 2, 390);
  ctx.fillStyle = BRAND;
  ctx.font = `30px ${FONT}`;
  ctx.fillText(
    c.inviteeReward > 0 ? `注册即得 ${c.inviteeReward} 微豆新人奖励` : '答问卷赚微豆，兑换话费卡券现金',
    W / 2,
    444,
  );

  // The QR code of the invite link.
  const qrSize = 340;
  const qrX = (W - qrSize) / 2;
  const qrY = 494;
  ctx.strokeStyle = '#d1fae5';
  ctx.lineWidth = 4;
  roundRect(ctx, qrX - 12, qrY - 12, qrSize + 24, qrSize + 24, 20);
  ctx.stroke();
  drawQr(ctx, c.inviteUrl, qrX, qrY, qrSize);
  ctx.fillStyle = MUTED;
  ctx.font = `26px ${FONT}`;
  ctx.fillText('长按识别或扫码注册', W / 2, qrY + qrSize + 56);

  // The invite code.
  ctx.fillStyle = '#f0fdfa';
  roundRect(ctx, 140, 950, W - 280, 100, 50);
  ctx.fill();
  ctx.fillStyle = MUTED;
  ctx.font = `24px ${FONT}`;
  ctx.fillText('我的邀请码', W / 2, 988);
  ctx.fillStyle = BRAND;
  ctx.font = `bold 40px ${FONT}`;
  ctx.fillText(c.inviteCode, W / 2, 1034);

  ctx.fillStyle = MUTED;
  ctx.font = `22px ${FONT}`;
  ctx.fillText('微豆调研 · 认真答好每一份问卷，让观点被听见', W / 2, 1176);
}

/** The canvas as a PNG blob. */
export function posterBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('海报生成失败'))), 'image/png'),
  );
}
